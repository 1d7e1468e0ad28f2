"""Make pattern captchas from the fixed photo split and the built-in background, run every pattern
attack, print how often each finds the whole sequence.

    python tools/attacks/pattern_evaluate.py --bin .build/release/captcha-gen --photos ../shared/photos \
        [--set test] [--seeds 10] [--lengths 4 6] [--formats png jpeg] [--models .build/attack-models] \
        [--only sil-flat-chamfer,template] [--json out.json] [--markdown out.md] [--make-arg=--size --make-arg=320x240]

For each length and format, `--seeds` captchas per source: the built-in background (`make` without
`--image`) and each photo of the set (default: the TEST photos, which nothing was tuned or trained
on). Each attack sees the board and the hint only; answer.json scores the guess: a captcha is solved
when the whole order is right. Besides the solved share, `icons` is the share of hint icons whose
best-scoring dot is right. Exit status 0 after the table, 2 on a usage or generation error.

Attacks: `blind` (1 / (9*8*...), computed), `template` (pattern_attacks.py: edge templates at 12
angles x 3 scales near each grid centre), `ddddocr` (when the package is installed), the per-cell
silhouettes of pattern_silhouette.py (`sil-flat-*` with the flat tolerance of the format: 0 levels
on PNG, 20 on JPEG, and `sil-loose-*` with 20 on PNG too; `sil-colour-*`), and `cnn-families`
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pattern_silhouette as sil  # noqa: E402
from pattern_common import assignment_accuracy, best_order, load, make, photo_seed_base  # noqa: E402
from split import TEST_PHOTOS, TRAIN_PHOTOS  # noqa: E402

JPEG_TOLERANCE = 20  # tuned on the TRAIN photos (astronaut, china, built-in), JPEG quality 90


def silhouette_attacks(fmt: str) -> dict:
    flat_tol = JPEG_TOLERANCE if fmt == "jpeg" else 0
    out = {}
    for measure in ("chamfer", "overlap"):
        out[f"sil-flat-{measure}"] = lambda b, h, m=measure: sil.score_matrix(b, h, "flat", m, flat_tol)
        if fmt == "png":
            out[f"sil-loose-{measure}"] = lambda b, h, m=measure: sil.score_matrix(b, h, "flat", m, JPEG_TOLERANCE)
        out[f"sil-colour-{measure}"] = lambda b, h, m=measure: sil.score_matrix(b, h, "colour", m)
    return out


def classical_attacks() -> tuple[dict, str | None]:
    from pattern_attacks import template_attack  # noqa: E402

    attacks = {"template": ("order", template_attack)}
    try:
        import ddddocr

        det = ddddocr.DdddOcr(det=True, ocr=False, show_ad=False)
        from pattern_attacks import ddddocr_attack

        def run(board, hint):
            ok, buf = cv2.imencode(".png", board)
            return ddddocr_attack(det, buf.tobytes(), board, hint)[0]

        attacks["ddddocr"] = ("order", run)
        return attacks, None
    except Exception as e:  # reported in the output, not hidden
        return attacks, f"ddddocr unavailable ({type(e).__name__}: {e})"


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
    ap.add_argument("--make-arg", action="append", default=[])
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    args = ap.parse_args(argv)

    stems = TEST_PHOTOS if args.set == "test" else TRAIN_PHOTOS
    photos = [next(iter(Path(args.photos).glob(s + ".*")), None) for s in stems]
    if not all(photos):
        print(f"pattern_evaluate: missing {args.set} photos in {args.photos}", file=sys.stderr)
        return 2
    classical, note = classical_attacks()
    learned = {}
    if args.models and (Path(args.models) / "pattern-families.pt").exists():
        from pattern_classifier import FamilyClassifierAttack

        net = FamilyClassifierAttack(Path(args.models) / "pattern-families.pt")
        learned["cnn-families"] = ("scores", net.scores)
        print(f"cnn-families: training accuracy board {net.report['board_train_accuracy']:.1%}, "
              f"hint {net.report['hint_train_accuracy']:.1%} (chance {net.report['chance']:.1%})")
    only = set(args.only.split(",")) if args.only else None

    sources = [None] + photos
    results: dict = {}
    t0 = time.time()
    for length in args.lengths:
        for fmt in args.formats:
            attacks = dict(classical)
            attacks.update({k: ("scores", f) for k, f in silhouette_attacks(fmt).items()})
            attacks.update(learned)
            if only:
                attacks = {k: v for k, v in attacks.items() if k in only}
            column = f"L{length} {fmt}"
            rows = {name: {"built-in": [], "photos": [], "icons": []} for name in attacks}
            for source in sources:
                stem = source.stem if source else "built-in"
                for k in range(args.seeds):
                    seed = photo_seed_base(stem) + 1 + k
                    out = Path(args.work) / f"L{length}-{fmt}" / stem / f"seed{seed}"
                    try:
                        make(args.bin, out, seed, length, source, extra=["--format", fmt, *args.make_arg])
                    except RuntimeError as e:
                        print(f"pattern_evaluate: {e}", file=sys.stderr)
                        return 2
                    c = load(out, f"{stem}/{out.name}")
                    group = "built-in" if source is None else "photos"
                    for name, (how, fn) in attacks.items():
                        if how == "scores":
                            scores = fn(c.board, c.hint)
                            guess = best_order(scores)
                            rows[name]["icons"].append(assignment_accuracy(scores, c.sequence))
                        else:
                            guess = fn(c.board, c.hint)
                        rows[name][group].append(guess == c.sequence)
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
            print(f"{column}: done ({time.time() - t0:.0f} s)", flush=True)

    header = (f"{args.set} photos: {', '.join(p.stem for p in photos)} + the built-in background; "
              f"{args.seeds} captchas per source, length and format; make args {args.make_arg or 'none'}")
    lines = table(results, header)
    if note:
        lines.append(note)
    print("\n".join(lines))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "set": args.set, "photos": [p.stem for p in photos], "seeds": args.seeds,
            "make_args": args.make_arg, "results": results, "note": note}, indent=1) + "\n")
    if args.markdown:
        Path(args.markdown).parent.mkdir(parents=True, exist_ok=True)
        Path(args.markdown).write_text("\n".join(markdown(results, header)) + "\n")
    return 0


def _names(results: dict) -> list[str]:
    names: list[str] = []
    for col in results.values():
        names += [n for n in col if n not in names]
    return names


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
