"""Make pattern captchas from the fixed photo split and the built-in background, run every pattern
attack, print how often each finds the whole sequence.

    python -m tools.attacks.pattern_evaluate --bin .build/release/captcha-gen --photos ../shared/photos \
        [--set test] [--seeds 10] [--lengths 4 6] [--formats png jpeg] [--models .build/attack-models] \
        [--only sil-flat-chamfer,template] [--by-source] [--json out.json] [--markdown out.md] \
        [--make-arg=--size --make-arg=320x240]

For each length and format, `--seeds` captchas per source: the built-in background (`make` without
`--image`) and each photo of the set (default: the TEST photos, which nothing was tuned or trained
on). Each attack sees the board and the hint only; answer.json scores the guess: a captcha is solved
when the whole order is right. Besides the solved share, `icons` is the share of hint icons whose
best-scoring dot is right; `--by-source` adds the solved counts per photo (and for the built-in
background) under it. Exit status 0 after the table, 2 on a usage or generation error.

Attacks: `blind` (1 / (9*8*...), computed), `template` (pattern_attacks.py: edge templates at 12
angles x 3 scales near each grid centre), `ddddocr` (when the package is installed), the per-cell
silhouettes of pattern_silhouette.py (`sil-flat-*` with the flat tolerance of the format: 0 levels
on PNG, 20 on JPEG, and `sil-loose-*` with 20 on PNG too; `sil-smooth-*`: median-filtered first, tolerance
20; `sil-luma-*`: Otsu on brightness; `sil-grain-*`: noisy regions; `sil-contour-*`: inside Canny edges; `sil-colour-*`: k-means on colour), and `cnn-families`
(pattern_classifier.py) when `--models` holds pattern-families.pt.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
import time
from pathlib import Path

import cv2

from tools.attacks import pattern_silhouette as sil
from tools.attacks.pattern_common import assignment_accuracy, best_order, load, make, photo_seed_base
from tools.attacks.split import TEST_PHOTOS, TRAIN_PHOTOS

JPEG_TOLERANCE = 20  # tuned on the TRAIN photos (astronaut, china, built-in), JPEG quality 90


def silhouette_attacks(fmt: str) -> dict:
    """The per-cell silhouette attacks for a board format, segmenter by segmenter (both measures of
    one segmenter share its cut-outs)."""
    flat_tol = JPEG_TOLERANCE if fmt == "jpeg" else 0
    segmenters = [("flat", flat_tol)] + ([("loose", JPEG_TOLERANCE)] if fmt == "png" else [])
    segmenters += [("smooth", JPEG_TOLERANCE), ("luma", 0), ("grain", 0), ("contour", 0), ("colour", 0)]
    out = {}
    for name, tol in segmenters:
        segmenter = "flat" if name == "loose" else name
        for measure in ("chamfer", "overlap"):
            out[f"sil-{name}-{measure}"] = lambda b, h, s=segmenter, m=measure, t=tol: sil.score_matrix(b, h, s, m, t)
    return out


def classical_attacks() -> tuple[dict, str | None]:
    from tools.attacks.pattern_attacks import template_attack

    attacks = {"template": ("order", template_attack)}
    try:
        import ddddocr

        det = ddddocr.DdddOcr(det=True, ocr=False, show_ad=False)
        from tools.attacks.pattern_attacks import ddddocr_attack

        def run(board, hint):
            ok, buf = cv2.imencode(".png", board)
            return ddddocr_attack(det, buf.tobytes(), board, hint)[0]

        attacks["ddddocr"] = ("order", run)
        return attacks, None
    except Exception as e:  # reported in the output, not hidden
        return attacks, f"ddddocr unavailable ({type(e).__name__}: {e})"


_WORKER: dict = {}


def _init_worker(models: str | None, only: set | None) -> None:
    """Per process: the classical attacks, the classifier (when trained) and the attack filter."""
    classical, note = classical_attacks()
    learned = {}
    if models and (Path(models) / "pattern-families.pt").exists():
        from tools.attacks.pattern_classifier import FamilyClassifierAttack

        net = FamilyClassifierAttack(Path(models) / "pattern-families.pt", threads=1)
        learned["cnn-families"] = ("scores", net.scores)
    _WORKER.update(classical=classical, learned=learned, only=only, note=note)


def _attack_one(task: tuple) -> tuple:
    """Makes one captcha and runs every attack on it: (column, group, {name: (solved, icons)})."""
    binary, work, length, fmt, source, seed, make_args = task
    stem = source.stem if source else "built-in"
    out = Path(work) / f"L{length}-{fmt}" / stem / f"seed{seed}"
    make(binary, out, seed, length, source, extra=["--format", fmt, *make_args])
    c = load(out, f"{stem}/{out.name}")
    attacks = dict(_WORKER["classical"])
    attacks.update({k: ("scores", f) for k, f in silhouette_attacks(fmt).items()})
    attacks.update(_WORKER["learned"])
    if _WORKER["only"]:
        attacks = {k: v for k, v in attacks.items() if k in _WORKER["only"]}
    found = {}
    for name, (how, fn) in attacks.items():
        if how == "scores":
            scores = fn(c.board, c.hint)
            found[name] = (best_order(scores) == c.sequence, assignment_accuracy(scores, c.sequence))
        else:
            found[name] = (fn(c.board, c.hint) == c.sequence, None)
    return f"L{length} {fmt}", "built-in" if source is None else "photos", found, stem


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--set", choices=["test", "train"], default="test")
    ap.add_argument("--seeds", type=int, default=10, help="captchas per source, length and format (default 10)")
    ap.add_argument("--lengths", type=int, nargs="+", default=[4, 6])
    ap.add_argument("--formats", nargs="+", default=["png", "jpeg"], choices=["png", "jpeg"])
    ap.add_argument("--work", default=".build/attack-eval-pattern")
    ap.add_argument("--models", help="folder with pattern-families.pt (pattern_classifier.py train --out)")
    ap.add_argument("--only", help="comma-separated attack names to run (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="captchas attacked in parallel (processes; default 1)")
    ap.add_argument("--make-arg", action="append", default=[])
    ap.add_argument("--by-source", action="store_true", help="also print the solved counts per source")
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    args = ap.parse_args(argv)

    stems = TEST_PHOTOS if args.set == "test" else TRAIN_PHOTOS
    photos = [next(iter(Path(args.photos).glob(s + ".*")), None) for s in stems]
    if not all(photos):
        print(f"pattern_evaluate: missing {args.set} photos in {args.photos}", file=sys.stderr)
        return 2
    only = set(args.only.split(",")) if args.only else None
    _init_worker(args.models, only)
    note = _WORKER["note"]
    model_report = None
    if _WORKER["learned"]:
        from tools.attacks.pattern_classifier import FamilyClassifierAttack

        model_report = FamilyClassifierAttack(Path(args.models) / "pattern-families.pt").report
        print(f"cnn-families: training accuracy board {model_report['board_train_accuracy']:.1%}, "
              f"hint {model_report['hint_train_accuracy']:.1%} (chance {model_report['chance']:.1%})")

    # The built-in background follows from the seed: tuning (--set train) and test use far-apart seeds,
    # and neither is the classifier's ("train-built-in" + k counts from another base too).
    builtin = "test-built-in" if args.set == "test" else "tuning-built-in"
    tasks = [(args.bin, args.work, length, fmt, source, photo_seed_base(source.stem if source else builtin) + 1 + k,
              args.make_arg)
             for length in args.lengths for fmt in args.formats for source in [None] + photos
             for k in range(args.seeds)]
    t0 = time.time()
    try:
        if args.jobs > 1:
            from multiprocessing import Pool

            cv2.setNumThreads(1)  # one process per core
            with Pool(args.jobs, initializer=_init_worker, initargs=(args.models, only)) as pool:
                done = pool.map(_attack_one, tasks, chunksize=1)
        else:
            done = [_attack_one(t) for t in tasks]
    except RuntimeError as e:
        print(f"pattern_evaluate: {e}", file=sys.stderr)
        return 2
    print(f"pattern_evaluate: {len(done)} captchas attacked in {time.time() - t0:.0f} s", flush=True)

    results: dict = {}
    for length in args.lengths:
        for fmt in args.formats:
            column = f"L{length} {fmt}"
            rows: dict = {}
            for col, group, found, _ in done:
                if col != column:
                    continue
                for name, (solved, icons) in found.items():
                    r = rows.setdefault(name, {"built-in": [], "photos": [], "icons": []})
                    r[group].append(solved)
                    if icons is not None:
                        r["icons"].append(icons)
            results[column] = {
                name: {
                    "photos": sum(r["photos"]) / len(r["photos"]),
                    "built-in": sum(r["built-in"]) / len(r["built-in"]),
                    "all": (sum(r["photos"]) + sum(r["built-in"])) / (len(r["photos"]) + len(r["built-in"])),
                    "icons": sum(r["icons"]) / len(r["icons"]) if r["icons"] else None,
                    "captchas": len(r["photos"]) + len(r["built-in"]),
                }
                for name, r in rows.items()
            }
            results[column]["blind"] = {"all": 1 / math.perm(9, length), "photos": 1 / math.perm(9, length),
                                        "built-in": 1 / math.perm(9, length), "icons": 1 / 9,
                                        "captchas": None}

    header = (f"{args.set} photos: {', '.join(p.stem for p in photos)} + the built-in background; "
              f"{args.seeds} captchas per source, length and format; make args {args.make_arg or 'none'}")
    lines = table(results, header)
    if args.by_source:
        lines += by_source(done, [f"L{n} {f}" for n in args.lengths for f in args.formats])
    if note:
        lines.append(note)
    print("\n".join(lines))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "set": args.set, "photos": [p.stem for p in photos], "seeds": args.seeds,
            "make_args": args.make_arg, "results": results, "note": note, "classifier": model_report},
            indent=1) + "\n")
    if args.markdown:
        Path(args.markdown).parent.mkdir(parents=True, exist_ok=True)
        Path(args.markdown).write_text("\n".join(markdown(results, header)) + "\n")
    return 0


def _names(results: dict) -> list[str]:
    names: list[str] = []
    for col in results.values():
        names += [n for n in col if n not in names]
    return names


def by_source(done: list, cols: list[str]) -> list[str]:
    """Solved / made per attack, source and column, and over all columns."""
    stems = list(dict.fromkeys(stem for _, _, _, stem in done))
    lines = ["solved per source", f"{'attack':<20}{'source':<20}" + "".join(f"{c:>10}" for c in cols) + f"{'all':>14}"]
    for name in _names({c: {n: 0 for _, _, found, _ in done for n in found} for c in cols}):
        for stem in stems:
            cells, hit, made = [], 0, 0
            for c in cols:
                r = [found[name][0] for col, _, found, s in done if col == c and s == stem and name in found]
                cells.append(f"{sum(r)}/{len(r)}")
                hit, made = hit + sum(r), made + len(r)
            lines.append(f"{name:<20}{stem:<20}" + "".join(f"{x:>10}" for x in cells)
                         + f"{f'{hit}/{made}':>9} {100 * hit / max(made, 1):3.0f}%")
    return lines


def table(results: dict, header: str) -> list[str]:
    cols = list(results)
    lines = [header, "solved (whole order right), photos / built-in; icons: hint icons whose best dot is right",
             f"{'attack':<20}" + "".join(f"{c:>22}" for c in cols)]
    for name in _names(results):
        cells = []
        for c in cols:
            r = results[c].get(name)
            if r is None:
                cells.append(f"{'-':>22}")
            elif name == "blind":
                cells.append(f"{r['all']:>21.2e} ")
            else:
                icons = f" ({r['icons']:.0%})" if r["icons"] is not None else ""
                cells.append(f"{100 * r['photos']:5.1f}% / {100 * r['built-in']:5.1f}%{icons:>7}")
        lines.append(f"{name:<20}" + "".join(cells))
    return lines


def markdown(results: dict, header: str) -> list[str]:
    cols = list(results)
    out = [header, "", "| attack | " + " | ".join(f"{c} photos | {c} built-in" for c in cols) + " |",
           "| --- |" + " ---: | ---: |" * len(cols)]
    for name in _names(results):
        cells = []
        for c in cols:
            r = results[c].get(name)
            if r is None:
                cells += ["–", "–"]
            elif name == "blind":
                cells += [f"{r['all']:.1e}", f"{r['all']:.1e}"]
            else:
                cells += [f"{100 * r['photos']:.1f}%", f"{100 * r['built-in']:.1f}%"]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return out


if __name__ == "__main__":
    sys.exit(main())
