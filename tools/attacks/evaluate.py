"""Generate captchas with `captcha-gen make` from the fixed photo split, run every attack, print a table.

    python -m tools.attacks.evaluate --bin .build/release/captcha-gen --photos ../shared/photos \
        [--set test] [--looks normal,classic,easy,hard] [--seeds 20] [--builtin 60] \
        [--models .build/attack-models] [--solvers .venv-solvers/bin/python] \
        [--json attack-results.json] [--make-arg=--shape --make-arg=circle]

Captchas are made from the chosen photos of split.py (default: the test photos, which no attack was
tuned or trained on) and from the built-in background with the set's seeds (split.BUILTIN_SEEDS),
one table column pair per `--difficulty` look and source ("photos", "built-in"). `--solvers PYTHON`
adds the PyPI solvers (pypi_solvers.py, run by that interpreter: `make solver-venv`). Exit status: 0
after printing the table, 2 on a usage or generation error.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import tempfile
import zlib
from collections import defaultdict
from pathlib import Path

import cv2

from tools.attacks.attacks import ATTACKS, background_restore
from tools.attacks.hole_attacks import HOLE_ATTACKS
from tools.attacks.split import BUILTIN, BUILTIN_SEEDS, TEST_PHOTOS, TRAIN_PHOTOS
from tools.attacks.scoring import Item, chance_rate, fitted_rate, success_rate

PHOTO_EXTENSIONS = {".jpg", ".jpeg", ".png"}


def make_captcha(binary: str, photo: Path | None, seed: int, size: str, out: Path, extra: list[str]) -> Path:
    """One `make` (from `photo`, or the built-in background when it is None) into `out`."""
    source = ["--image", str(photo)] if photo is not None else []
    cmd = [binary, "make", *source, "--out", str(out), "--seed", str(seed), "--size", size, *extra]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"evaluate: `{' '.join(cmd)}` failed ({run.returncode}): {run.stderr.strip()}")
    return out


def photo_seed(stem: str, first_seed: int, k: int) -> int:
    """Seeds differ per photo (stable in the photo's name) so positions are not repeated across photos."""
    return (zlib.crc32(stem.encode()) % 100_000) * 1000 + first_seed + k


def generate(binary: str, photos: list[Path], seeds: int, first_seed: int, size: str, work: Path, extra: list[str],
             builtin: int = 0, builtin_base: int = BUILTIN_SEEDS["test"]) -> list[Path]:
    """One `make` per (photo, seed), then `builtin` on the built-in background (seeds builtin_base +
    first_seed + k); returns the output folders in a fixed order (photo, then seed; built-in last)."""
    dirs = []
    for photo in photos:
        for k in range(seeds):
            seed = photo_seed(photo.stem, first_seed, k)
            dirs.append(make_captcha(binary, photo, seed, size, work / photo.stem / f"seed{seed}", extra))
    for k in range(builtin):
        seed = builtin_base + first_seed + k
        dirs.append(make_captcha(binary, None, seed, size, work / BUILTIN / f"seed{seed}", extra))
    return dirs


def solver_guesses(python: str, kind: str, folders: list[Path]) -> dict:
    """The PyPI solvers' guesses on `folders` (pypi_solvers.py run by `python`, in its own venv):
    name → (description, [guess per folder])."""
    script = Path(__file__).resolve().parent / "pypi_solvers.py"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "guesses.json"
        run = subprocess.run([python, str(script), "--kind", kind, "--json", str(out), "--folders",
                              *map(str, folders)], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"evaluate: the PyPI solvers failed ({run.returncode}): {run.stderr.strip()[-2000:]}")
        data = json.loads(out.read_text())
    return {name: (data["solvers"][name], data["guesses"][name]) for name in data["solvers"]}


def load(folder: Path, photo: str):
    """(Item, background array, piece array, group key) for one generated captcha."""
    answer = json.loads((folder / "answer.json").read_text())
    bg = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_UNCHANGED)
    piece = cv2.imread(str(folder / answer["piece"]["file"]), cv2.IMREAD_UNCHANGED)
    if bg is None or piece is None:
        raise SystemExit(f"evaluate: cannot read the images in {folder}")
    item = Item(
        name=f"{photo}/{folder.name}",
        mode=answer.get("mode", "horizontal"),
        tolerance=int(answer["tolerance"]),
        target=(int(answer["target"]["x"]), int(answer["target"]["y"])),
        start=(int(answer["start"]["x"]), int(answer["start"]["y"])),
        x_range=bg.shape[1] - piece.shape[1] + 1,
        y_range=bg.shape[0] - piece.shape[0] + 1,
    )
    source = answer.get("source", {}).get("sha256") or photo
    return item, bg, piece, (source, bg.shape[:2])


def all_attacks(models: list[Path]) -> dict:
    """name → (class, function, description): the classic attacks, the hole finders and the learned
    attackers trained in each folder of `models` (named `variant` for one folder, `variant:folder`
    for several, so one set of captchas scores several trained models)."""
    table = {**ATTACKS, **HOLE_ATTACKS}
    folders = [m for m in models if m.is_dir()]
    if folders:
        from tools.attacks.learned import load_models  # noqa: PLC0415  (needs torch)

        for folder in folders:
            for name, attack in load_models(folder).items():
                label = name if len(folders) == 1 else f"{name}:{folder.name}"
                table[label] = ("7c", attack, f"siamese CNN trained on captcha-gen output ({name}, {folder})")
    return table


def run_attacks(records, attacks: dict) -> dict[str, list]:
    """Every attack's guesses, in record order."""
    groups = defaultdict(list)
    for _, bg, _, key, _ in records:
        groups[key].append(bg)
    guesses = {name: [] for name in attacks}
    for item, bg, piece, key, _ in records:
        for name, (_, attack, _) in attacks.items():
            if attack is background_restore:
                g = attack(bg, piece, item.mode, item.start, group=groups[key])
            else:
                g = attack(bg, piece, item.mode, item.start)
            guesses[name].append(g)
    return guesses


def summarise(items, guesses) -> dict:
    raw = success_rate(items, guesses)
    fitted, offsets = fitted_rate(items, guesses)
    return {"count": len(items), "raw": raw, "fitted": fitted, "offsets": offsets}


def _finite(value):
    """The same structure with NaN (a rate over no captchas) as null, so the JSON is standard."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def pct(v: float) -> str:
    return "   —" if v != v else f"{100 * v:5.1f}%"


def subset_of(photo: str) -> str:
    """The column a captcha counts in: the built-in background's, or the photos'."""
    return BUILTIN if photo == BUILTIN else "photos"


def evaluate_look(args, photos: list[Path], look: str, attacks: dict) -> dict:
    """Generate the captchas of one look (`--difficulty look`) and score every attack (and, with
    `--solvers`, every PyPI solver) on them, per source subset (photos, built-in)."""
    extra = ["--difficulty", look, *args.make_arg]
    folders = generate(args.bin, photos, args.seeds, args.first_seed, args.size, Path(args.work) / look, extra,
                       builtin=args.builtin, builtin_base=BUILTIN_SEEDS["test" if args.set == "test" else "train"])
    records = []
    for folder in folders:
        photo = folder.parent.name
        item, bg, piece, key = load(folder, photo)
        records.append((item, bg, piece, key, photo))
    items = [r[0] for r in records]
    guesses = run_attacks(records, attacks)
    solvers = {}
    if args.solvers:
        for name, (description, found) in solver_guesses(args.solvers, "slide", folders).items():
            # A solver that reads x only is taken to answer on the start row (horizontal mode checks x only).
            guesses[name] = [(g[0], g[1] if g[1] is not None else it.start[1]) if g is not None else None
                             for g, it in zip(found, items)]
            solvers[name] = description
    names = list(guesses)
    subsets = {}
    for subset in dict.fromkeys(subset_of(r[4]) for r in records):
        chosen = [k for k, r in enumerate(records) if subset_of(r[4]) == subset]
        part = [items[k] for k in chosen]
        subsets[subset] = {
            "count": len(part),
            "chance": chance_rate(part),
            "attacks": {n: summarise(part, [guesses[n][k] for k in chosen]) for n in names},
        }
    return {
        "subsets": subsets,
        "solvers": solvers,
        "items": [
            {
                "name": it.name,
                "target": list(it.target),
                "tolerance": it.tolerance,
                "guesses": {n: (list(guesses[n][k]) if guesses[n][k] is not None else None) for n in names},
            }
            for k, it in enumerate(items)
        ],
    }


def print_table(results: dict, attacks: dict, looks: list[str]) -> None:
    """One row per attack, one raw / fit column pair per look and subset, then best of any and chance."""
    columns = [(lk, sub) for lk in looks for sub in results[lk]["subsets"]]
    names = list(results[looks[0]]["subsets"][columns[0][1]]["attacks"])
    n = max([17] + [len(name) + 1 for name in names])
    width = max(11, *(len(f"{lk} {sub}") + 1 for lk, sub in columns))
    print(f"{'':<{n}}{'':>5}  " + "  ".join(f"{lk + ' ' + sub:>{width}} {'':>6}" for lk, sub in columns))
    header = f"{'attack':<{n}}{'class':>5}  " + "  ".join(f"{'raw':>{width}} {'fit':>6}" for _ in columns)
    print(header)
    print("-" * len(header))
    for name in names:
        number = attacks[name][0] if name in attacks else "pypi"
        cells = []
        for lk, sub in columns:
            r = results[lk]["subsets"][sub]["attacks"][name]
            cells.append(f"{pct(r['raw']):>{width}} {pct(r['fitted']):>6}")
        print(f"{name:<{n}}{str(number):>5}  " + "  ".join(cells))
    best = [max(max(r["raw"], r["fitted"]) for r in results[lk]["subsets"][sub]["attacks"].values())
            for lk, sub in columns]
    print(f"{'best of any':<{n}}{'':>5}  " + "  ".join(f"{pct(b):>{width}} {'':>6}" for b in best))
    print(f"{'chance':<{n}}{'':>5}  " + "  ".join(
        f"{pct(results[lk]['subsets'][sub]['chance']):>{width}} {'':>6}" for lk, sub in columns))
    print("raw: guess as is; fit: one constant offset fitted on half the captchas, success on the other half (2-fold).")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="captcha-gen binary")
    ap.add_argument("--photos", required=True, help="folder of photos (jpg/png)")
    ap.add_argument("--set", choices=["test", "train", "all"], default="test",
                    help="which photos of the fixed split (split.py) to make captchas from (default test)")
    ap.add_argument("--looks", default="normal,classic,easy,hard",
                    help="comma-separated --difficulty presets, one table column each (default normal,classic,easy,hard)")
    ap.add_argument("--seeds", type=int, default=20, help="captchas per photo and look (default 20)")
    ap.add_argument("--builtin", type=int, help="captchas per look on the built-in background, with the set's "
                    "seeds (split.BUILTIN_SEEDS; default: as many as from the photos; 0: none)")
    ap.add_argument("--solvers", help="python of the PyPI solvers' venv (make solver-venv): adds pypi_solvers.py's "
                    "slide solvers")
    ap.add_argument("--first-seed", type=int, default=1, help="added to a per-photo base seed (default 1)")
    ap.add_argument("--size", default="320x160", help="--size passed to make (default 320x160)")
    ap.add_argument("--work", default=".build/attack-eval", help="where the captchas are written")
    ap.add_argument("--models", help="folder of trained learned attackers (learned.py train --out), or several "
                    "separated by commas (attacks named variant:folder); omitted: none")
    ap.add_argument("--only", help="comma-separated attack names to run (default: all)")
    ap.add_argument("--make-arg", action="append", default=[], help="extra argument for make (repeatable)")
    ap.add_argument("--json", help="write machine-readable results here")
    args = ap.parse_args(argv)

    photo_dir = Path(args.photos)
    photos = sorted(p for p in photo_dir.iterdir() if p.suffix.lower() in PHOTO_EXTENSIONS) if photo_dir.is_dir() else []
    wanted = {"test": set(TEST_PHOTOS), "train": set(TRAIN_PHOTOS), "all": {p.stem for p in photos}}[args.set]
    photos = [p for p in photos if p.stem in wanted]
    if args.builtin is None:
        args.builtin = len(photos) * args.seeds
    if not photos:
        print(f"evaluate: no {args.set} photos ({', '.join(sorted(wanted))}) in {photo_dir}", file=sys.stderr)
        return 2
    attacks = all_attacks([Path(m) for m in args.models.split(",") if m] if args.models else [])
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in attacks]
        if unknown:
            print(f"evaluate: --only: unknown attack {', '.join(unknown)}", file=sys.stderr)
            return 2
        attacks = {n: attacks[n] for n in names}
    looks = [lk.strip() for lk in args.looks.split(",") if lk.strip()]
    results = {look: evaluate_look(args, photos, look, attacks) for look in looks}

    print(f"{args.set} photos: {', '.join(p.stem for p in photos)}; {args.seeds} captchas per photo and look "
          f"({len(photos) * args.seeds} per look); built-in background: {args.builtin} per look (seeds "
          f"{BUILTIN_SEEDS['test' if args.set == 'test' else 'train'] + args.first_seed}…); size {args.size}, "
          f"make args {args.make_arg or 'none'}")
    print_table(results, attacks, looks)

    if args.json:
        out = {
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "binary": args.bin,
            "set": args.set,
            "photos": [p.stem for p in photos],
            "seeds": args.seeds,
            "builtin": args.builtin,
            "first_seed": args.first_seed,
            "size": args.size,
            "make_args": args.make_arg,
            "descriptions": {
                **{name: {"class": str(attacks[name][0]), "description": attacks[name][2]} for name in attacks},
                **{name: {"class": "pypi", "description": d} for r in results.values() for name, d in r["solvers"].items()},
            },
            "looks": results,
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(_finite(out), indent=1, allow_nan=False) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
