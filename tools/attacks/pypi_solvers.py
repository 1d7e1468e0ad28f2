"""The off-the-shelf captcha solvers from PyPI, called the way their READMEs say, as a bot
author who meets our captchas would call them: no tuning to our look.

Runs in its own venv (`make solver-venv`: .venv-solvers from requirements-solvers.txt; the packages pin
incompatible OpenCV builds, so tenon is installed without its dependencies), and reads captcha folders
written by `captcha-gen make`:

    .venv-solvers/bin/python -m tools.attacks.pypi_solvers --kind slide --folders DIR [DIR ...] --json OUT

writes {"solvers": {name: description}, "guesses": {name: [guess per folder]}}: a slide guess is
[x, y] (piece.png's top-left on the background) or null, a rotate guess the clockwise turn in degrees
or null. The evaluators (evaluate.py, rotate_evaluate.py) score them next to the suite's own attacks.

Slide solvers (each is Canny edges of piece.png against Canny edges of the background, the best
TM_CCOEFF_NORMED; they differ in thresholds and in how they treat the piece's transparent corners):
- slider-solver 0.1.3 `solve_slider(background, piece)`: the piece's pixels with alpha > 128, black
  elsewhere; Canny 100/200 on both.
- ddddocr 1.6.1 `DdddOcr(det=False, ocr=False).slide_match(piece, background)`: Canny 50/150 on the
  grey images (transparent pixels as stored, black); returns the match's centre.
- slide-captcha 0.1.0 `slide_match(background, piece)`: crops the piece to its opaque box
  (`get_target`), Canny 100/200 on both; returns the crop's box on the background.
- tenon-notch: tenon 0.1.7 `notch_identify(piece, background, image_type=2)`: Canny 100/200 on grey.

Rotate solver:
- tenon 0.1.7 `rotate_identify(piece, ring, image_type=2)`: crops the inner image to its non-black
  box, cuts the outer image at the inner radius plus `check_pixel` and compares the two
  `check_pixel`-wide annuli at every 10° and then 1°. It expects the outer picture with an empty
  (black or white) hole, so the wrapper hands it the background around the disc's centre with the
  hole blacked out, the hole's radius measured from the background (the flat fill's edge), and
  reads the total turn (`total_rotate_angle`: our background does not turn).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np


def _answer(folder: Path) -> dict:
    return json.loads((folder / "answer.json").read_text())


def _files(folder: Path) -> tuple[Path, Path]:
    """(background, piece) paths of a captcha folder, as the client downloads them."""
    answer = _answer(folder)
    return folder / answer["background"]["file"], folder / answer["piece"]["file"]


# Slide ---------------------------------------------------------------------------------------------


def slider_solver(folder: Path):
    from slider_solver import solve_slider

    bg, piece = _files(folder)
    return [int(solve_slider(str(bg), str(piece))), None]


def ddddocr_slide(folder: Path):
    import ddddocr

    bg, piece = _files(folder)
    ocr = _DDDDOCR.setdefault("engine", ddddocr.DdddOcr(det=False, ocr=False, show_ad=False))
    res = ocr.slide_match(piece.read_bytes(), bg.read_bytes())
    w, h = cv2.imread(str(piece), cv2.IMREAD_UNCHANGED).shape[1::-1]
    # 1.6.1 returns the centre of the matched box.
    return [int(res["target_x"]) - w // 2, int(res["target_y"]) - h // 2]


_DDDDOCR: dict = {}


def slide_captcha(folder: Path):
    from slide_captcha.slide import get_target, slide_match

    bg, piece = _files(folder)
    res = slide_match(bg.read_bytes(), piece.read_bytes())
    # The box is that of the piece's opaque crop (`get_target`), or of the whole piece where the
    # package's crop fails (slide_match falls back the same way).
    try:
        _, sx, sy = get_target(piece.read_bytes())
    except ValueError:
        sx, sy = 0, 0
    return [int(res["target"][0]) - sx, int(res["target"][1]) - sy]


def tenon_notch(folder: Path):
    from tenon import notch_identify

    bg, piece = _files(folder)
    return [int(notch_identify(str(piece), str(bg), image_type=2)), None]


SLIDE_SOLVERS = {
    "slider-solver": (slider_solver, "slider-solver 0.1.3 solve_slider: Canny 100/200 of the piece "
                                     "(alpha > 128) vs the background, TM_CCOEFF_NORMED"),
    "ddddocr": (ddddocr_slide, "ddddocr 1.6.1 slide_match: Canny 50/150 of the grey piece vs the background"),
    "slide-captcha": (slide_captcha, "slide-captcha 0.1.0 slide_match: opaque crop of the piece, Canny 100/200"),
    "tenon-notch": (tenon_notch, "tenon 0.1.7 notch_identify: Canny 100/200 of piece vs background"),
}


# Rotate --------------------------------------------------------------------------------------------

TENON_CHECK_PIXEL = 10


def measured_hole_radius(background: np.ndarray, center: tuple[float, float], piece_radius: float) -> float:
    """The radius of the flat hole around `center`: along 72 rays, the first radius beyond the piece's
    where the pixel leaves the fill's colour (the median colour at 0.9 × the piece radius) by more than
    24 levels, twice in a row; the median over the rays."""
    img = background[:, :, :3].astype(np.float32)
    h, w = img.shape[:2]
    cx, cy = center
    t = np.arange(72) * (2 * np.pi / 72)
    probe = 0.9 * piece_radius
    xs = np.clip((cx + probe * np.cos(t)).astype(int), 0, w - 1)
    ys = np.clip((cy + probe * np.sin(t)).astype(int), 0, h - 1)
    fill = np.median(img[ys, xs], axis=0)
    radii = []
    for a in t:
        out = 0
        r = probe
        while r < max(h, w):
            x, y = int(cx + r * np.cos(a)), int(cy + r * np.sin(a))
            if not (0 <= x < w and 0 <= y < h):
                break
            out = out + 1 if np.abs(img[y, x] - fill).max() > 24 else 0
            if out == 2:
                radii.append(r - 1)
                break
            r += 1
    return float(np.median(radii)) if radii else piece_radius


def tenon_rotate(folder: Path):
    from tenon import rotate_identify

    answer = _answer(folder)
    bg_path, piece_path = _files(folder)
    bg = cv2.imread(str(bg_path), cv2.IMREAD_COLOR)
    piece = cv2.imread(str(piece_path), cv2.IMREAD_UNCHANGED)
    r = piece.shape[1] / 2
    cx, cy = answer["center"]["x"], answer["center"]["y"]
    hole = measured_hole_radius(bg, (cx, cy), r)
    # The big circle as tenon expects it: the picture around an empty (black) hole, wide enough
    # for the check band beyond the hole's edge.
    half = int(np.ceil(hole + 2 * TENON_CHECK_PIXEL))
    ring = cv2.copyMakeBorder(bg, half, half, half, half, cv2.BORDER_REPLICATE)
    x0, y0 = int(round(cx)), int(round(cy))
    ring = ring[y0:y0 + 2 * half, x0:x0 + 2 * half].copy()
    cv2.circle(ring, (half, half), int(round(hole)), (0, 0, 0), -1)
    # The small circle: piece.png's colours on black (what imread makes of its transparent corners).
    small = piece[:, :, :3] * (piece[:, :, 3:4] > 127)
    with tempfile.TemporaryDirectory() as tmp:
        small_path, ring_path = Path(tmp) / "small.png", Path(tmp) / "big.png"
        cv2.imwrite(str(small_path), small)
        cv2.imwrite(str(ring_path), ring)
        result = rotate_identify(str(small_path), str(ring_path), image_type=2, check_pixel=TENON_CHECK_PIXEL)
    return float(result.total_rotate_angle % 360)


ROTATE_SOLVERS = {
    "tenon": (tenon_rotate, "tenon 0.1.7 rotate_identify: the piece's outer annulus vs the annulus just "
                            "outside the (measured, blacked-out) hole, 10° then 1° steps"),
}

SOLVERS = {"slide": SLIDE_SOLVERS, "rotate": ROTATE_SOLVERS}


def run(kind: str, folders: list[Path]) -> dict:
    """Every solver of `kind` on every folder; a solver that raises gives no guess (null)."""
    table = SOLVERS[kind]
    guesses: dict[str, list] = {name: [] for name in table}
    errors: dict[str, int] = {name: 0 for name in table}
    for folder in folders:
        for name, (solve, _) in table.items():
            try:
                guesses[name].append(solve(folder))
            except Exception:  # noqa: BLE001 (a solver that crashes on a captcha has not solved it)
                guesses[name].append(None)
                errors[name] += 1
    return {"solvers": {n: d for n, (_, d) in table.items()}, "guesses": guesses, "errors": errors}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", choices=sorted(SOLVERS), required=True)
    ap.add_argument("--folders", nargs="+", required=True, help="captcha folders written by `captcha-gen make`")
    ap.add_argument("--json", required=True, help="where the guesses go")
    args = ap.parse_args(argv)
    folders = [Path(f) for f in args.folders]
    missing = [str(f) for f in folders if not (f / "answer.json").is_file()]
    if missing:
        print(f"pypi_solvers: no answer.json in {missing[0]}", file=sys.stderr)
        return 2
    out = run(args.kind, folders)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
