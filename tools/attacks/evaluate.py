"""Generate captchas from a folder of photos with `captcha-gen make`, run every attack, print a table.

    python tools/attacks/evaluate.py --bin .build/release/captcha-gen --photos ../shared/photos \
        --seeds 10 --json attack-results.json [--make-arg=--shape --make-arg=circle]

Photos named in --holdout are reported separately ("held out": judge resistance on photos the
generator was not tuned on). Exit status: 0 after printing the table, 2 on a usage or generation error.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import zlib
from collections import defaultdict
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from attacks import ATTACKS, background_restore  # noqa: E402
from scoring import Item, chance_rate, fitted_rate, success_rate  # noqa: E402

PHOTO_EXTENSIONS = {".jpg", ".jpeg", ".png"}
DEFAULT_HOLDOUT = "grace_hopper,hubble_deep_field,stereo_motorcycle"


def generate(binary: str, photos: list[Path], seeds: int, first_seed: int, size: str, work: Path, extra: list[str]) -> list[Path]:
    """One `make` per (photo, seed); returns the output folders in a fixed order (photo, then seed)."""
    dirs = []
    for photo in photos:
        # Seeds differ per photo (stable in the photo's name) so positions are not repeated across photos.
        base = (zlib.crc32(photo.stem.encode()) % 100_000) * 1000
        for k in range(seeds):
            seed = base + first_seed + k
            out = work / photo.stem / f"seed{seed}"
            cmd = [binary, "make", "--image", str(photo), "--out", str(out), "--seed", str(seed), "--size", size, *extra]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                raise SystemExit(f"evaluate: `{' '.join(cmd)}` failed ({run.returncode}): {run.stderr.strip()}")
            dirs.append(out)
    return dirs


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


def run_attacks(records) -> dict[str, list]:
    """Every attack's guesses, in record order."""
    groups = defaultdict(list)
    for _, bg, _, key, _ in records:
        groups[key].append(bg)
    guesses = {name: [] for name in ATTACKS}
    for item, bg, piece, key, _ in records:
        for name, (_, attack, _) in ATTACKS.items():
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="captcha-gen binary")
    ap.add_argument("--photos", required=True, help="folder of photos (jpg/png)")
    ap.add_argument("--seeds", type=int, default=10, help="captchas per photo (default 10)")
    ap.add_argument("--first-seed", type=int, default=1, help="added to a per-photo base seed (default 1)")
    ap.add_argument("--size", default="320x160", help="--size passed to make (default 320x160)")
    ap.add_argument("--work", default=".build/attack-eval", help="where the captchas are written")
    ap.add_argument("--holdout", default=DEFAULT_HOLDOUT, help="comma-separated photo stems reported as held out")
    ap.add_argument("--make-arg", action="append", default=[], help="extra argument for make (repeatable)")
    ap.add_argument("--json", help="write machine-readable results here")
    args = ap.parse_args(argv)

    photo_dir = Path(args.photos)
    photos = sorted(p for p in photo_dir.iterdir() if p.suffix.lower() in PHOTO_EXTENSIONS) if photo_dir.is_dir() else []
    if not photos:
        print(f"evaluate: no photos in {photo_dir}", file=sys.stderr)
        return 2
    holdout = {s.strip() for s in args.holdout.split(",") if s.strip()}
    folders = generate(args.bin, photos, args.seeds, args.first_seed, args.size, Path(args.work), args.make_arg)
    records = []
    for folder in folders:
        photo = folder.parent.name
        item, bg, piece, key = load(folder, photo)
        records.append((item, bg, piece, key, photo))
    items = [r[0] for r in records]
    guesses = run_attacks(records)

    subsets = {
        "all": [k for k in range(len(records))],
        "tuned": [k for k, r in enumerate(records) if r[4] not in holdout],
        "held-out": [k for k, r in enumerate(records) if r[4] in holdout],
    }
    results = {}
    for name in ATTACKS:
        results[name] = {
            sub: summarise([items[k] for k in idx], [guesses[name][k] for k in idx]) for sub, idx in subsets.items()
        }
    chance = {sub: chance_rate([items[k] for k in idx]) for sub, idx in subsets.items()}

    used = sorted({r[4] for r in records})
    print(f"{len(items)} captchas: {len(photos)} photos × {args.seeds} seeds, size {args.size}, "
          f"make args {args.make_arg or 'none'}; held out: {', '.join(sorted(holdout & set(used))) or 'none'}")
    header = f"{'attack':<18}{'#':>2}  {'all raw':>8} {'all fit':>8}  {'tuned raw':>9} {'tuned fit':>9}  {'held raw':>8} {'held fit':>8}"
    print(header)
    print("-" * len(header))
    for name, (number, _, _) in ATTACKS.items():
        r = results[name]
        print(f"{name:<18}{number:>2}  {pct(r['all']['raw']):>8} {pct(r['all']['fitted']):>8}  "
              f"{pct(r['tuned']['raw']):>9} {pct(r['tuned']['fitted']):>9}  "
              f"{pct(r['held-out']['raw']):>8} {pct(r['held-out']['fitted']):>8}")
    best = {sub: max(max(results[n][sub]["raw"], results[n][sub]["fitted"]) if subsets[sub] else float("nan")
                     for n in ATTACKS) for sub in subsets}
    print(f"{'best of any':<18}{'':>2}  {pct(best['all']):>8} {'':>8}  {pct(best['tuned']):>9} {'':>9}  {pct(best['held-out']):>8}")
    print(f"{'chance':<18}{'':>2}  {pct(chance['all']):>8} {'':>8}  {pct(chance['tuned']):>9} {'':>9}  {pct(chance['held-out']):>8}")
    print("raw: guess as is; fit: one constant offset fitted on half the captchas, success on the other half (2-fold).")

    if args.json:
        out = {
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "binary": args.bin,
            "photos": used,
            "holdout": sorted(holdout & set(used)),
            "seeds": args.seeds,
            "first_seed": args.first_seed,
            "size": args.size,
            "make_args": args.make_arg,
            "count": len(items),
            "chance": chance,
            "attacks": {
                name: {"number": ATTACKS[name][0], "description": ATTACKS[name][2], **results[name]} for name in ATTACKS
            },
            "items": [
                {
                    "name": it.name,
                    "target": list(it.target),
                    "tolerance": it.tolerance,
                    "guesses": {n: (list(guesses[n][k]) if guesses[n][k] is not None else None) for n in ATTACKS},
                }
                for k, it in enumerate(items)
            ],
        }
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(_finite(out), indent=1, allow_nan=False) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
