"""The learned pattern attacker: a classifier of the icon families, trained on the CPU
on captchas made with the public generator from the TRAIN photos and the built-in background.

Labels: each marker's family follows from the captcha's seed (pattern_families.py repeats the
generator's family draw), so the attacker labels as many boards as the binary makes. Two small
CNNs of the same shape, one for board crops (the window around each nominal grid centre, which
holds the marker wherever its jitter put it) and one for hint tiles (the public hint layout),
each predict the family. The attack scores hint icon i at dot j by log sum_f p_hint(i, f)
p_board(j, f), and takes the best order of distinct dots.

    python -m tools.attacks.pattern_classifier train --bin .build/release/captcha-gen \
        --photos ../shared/photos --out .build/attack-models [--count 900] [--minutes 6] \
        [--lengths 4 6] [--formats png jpeg] [--work .build/pattern-train]

writes pattern-families.pt and prints the training accuracy on its own training captchas (board
crops and hint tiles): a network near chance there has not learned, whatever its test figure.
`pattern_evaluate.py --models DIR` then reports the attack.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from tools.attacks.pattern_common import best_order, cell_side, hint_tiles, load, make, nominal_centres, photo_seed_base
from tools.attacks.pattern_families import dot_families, family_names
from tools.attacks.split import TRAIN_PHOTOS

SIDE = 48  # network input side
WINDOW = 0.62  # board crop half-side, as a fraction of a cell (as pattern_silhouette.WINDOW)
MODEL_FILE = "pattern-families.pt"


def board_crops(board: np.ndarray) -> np.ndarray:
    """The nine windows around the nominal grid centres, resized to SIDE: (9, 3, SIDE, SIDE) float."""
    h, w = board.shape[:2]
    half = int(math.ceil(WINDOW * cell_side(w, h)))
    pad = cv2.copyMakeBorder(board, half, half, half, half, cv2.BORDER_REFLECT)
    out = []
    for cx, cy in nominal_centres(w, h):
        x0, y0 = int(round(cx)), int(round(cy))
        crop = pad[y0:y0 + 2 * half + 1, x0:x0 + 2 * half + 1]
        out.append(cv2.resize(crop, (SIDE, SIDE), interpolation=cv2.INTER_AREA))
    return _tensorable(out)


def hint_crops(board: np.ndarray, hint: np.ndarray) -> np.ndarray:
    return _tensorable([cv2.resize(t, (SIDE, SIDE), interpolation=cv2.INTER_AREA) for t in hint_tiles(board, hint)])


def _tensorable(images: list[np.ndarray]) -> np.ndarray:
    a = np.stack(images).astype(np.float32) / 255 - 0.5
    return a.transpose(0, 3, 1, 2).copy()


def _net(classes: int):
    """Four conv blocks (16, 32, 64, 96 channels; 3x3, batch norm, ReLU, 2x2 max-pool), global
    average pooling, a linear layer over the families: about 8 M multiply-adds per 48x48 crop."""
    import torch.nn as nn

    def block(i, o, pool=True):
        layers = [nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU()]
        return nn.Sequential(*layers, nn.MaxPool2d(2)) if pool else nn.Sequential(*layers)

    return nn.Sequential(block(3, 16), block(16, 32), block(32, 64), block(64, 96, pool=False),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(96, classes))


def collect(binary: str, photos: Path, count: int, lengths: list[int], formats: list[str], work: Path,
            table: str = "current"):
    """Makes `count` training captchas (equal shares of the TRAIN photos and the built-in background,
    lengths and formats in turn); returns board crops, board labels, hint crops, hint labels."""
    sources = [None] + [next(iter(photos.glob(s + ".*"))) for s in TRAIN_PHOTOS]
    bx, by, hx, hy = [], [], [], []
    for k in range(count):
        source = sources[k % len(sources)]
        length = lengths[(k // len(sources)) % len(lengths)]
        fmt = formats[(k // (len(sources) * len(lengths))) % len(formats)]
        stem = source.stem if source else "built-in"
        seed = photo_seed_base("train-" + stem) + k
        out = work / stem / f"seed{seed}-{length}-{fmt}"
        if not (out / "answer.json").exists():
            make(binary, out, seed, length, source, extra=["--format", fmt])
        c = load(out, out.name)
        fam = dot_families(int(c.answer["seed"]), table=table)
        bx.append(board_crops(c.board))
        by += fam
        hx.append(hint_crops(c.board, c.hint))
        hy += [fam[d] for d in c.sequence]
    return np.concatenate(bx), np.array(by), np.concatenate(hx), np.array(hy)


def _train_one(x: np.ndarray, y: np.ndarray, classes: int, minutes: float, max_steps: int, label: str):
    import torch

    torch.manual_seed(0)
    net = _net(classes)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    xt, yt = torch.from_numpy(x), torch.from_numpy(y).long()
    rng = np.random.default_rng(0)
    start, step = time.time(), 0
    net.train()
    while time.time() - start < minutes * 60 and (max_steps <= 0 or step < max_steps):
        idx = torch.from_numpy(rng.choice(len(x), 64, replace=False))
        batch = xt[idx]
        # Augmentation: quarter turns and mirror-free jitter of brightness (markers turn freely anyway).
        batch = torch.rot90(batch, int(rng.integers(4)), dims=(2, 3))
        batch = batch * float(rng.uniform(0.8, 1.2)) + float(rng.uniform(-0.1, 0.1))
        loss = torch.nn.functional.cross_entropy(net(batch), yt[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 100 == 0:
            print(f"  {label}: step {step}, loss {loss.item():.3f}, {time.time() - start:.0f} s", flush=True)
    net.eval()
    return net, step


def accuracy(net, x: np.ndarray, y: np.ndarray) -> float:
    import torch

    with torch.no_grad():
        pred = np.concatenate([net(torch.from_numpy(x[i:i + 256])).argmax(1).numpy() for i in range(0, len(x), 256)])
    return float(np.mean(pred == y))


def train(args) -> int:
    import torch

    torch.set_num_threads(args.threads)
    t0 = time.time()
    bx, by, hx, hy = collect(args.bin, Path(args.photos), args.count, args.lengths, args.formats, Path(args.work),
                             args.families)
    print(f"pattern_classifier: {len(bx)} board crops, {len(hx)} hint tiles from {args.count} captchas "
          f"({time.time() - t0:.0f} s)", flush=True)
    classes = len(family_names(args.families))
    board_net, bsteps = _train_one(bx, by, classes, args.minutes / 2, args.max_steps, "board")
    hint_net, hsteps = _train_one(hx, hy, classes, args.minutes / 2, args.max_steps, "hint")
    report = {"captchas": args.count, "board_steps": bsteps, "hint_steps": hsteps,
              "board_train_accuracy": accuracy(board_net, bx, by), "hint_train_accuracy": accuracy(hint_net, hx, hy),
              "chance": 1 / classes}
    print(f"pattern_classifier: training accuracy: board {report['board_train_accuracy']:.1%}, "
          f"hint {report['hint_train_accuracy']:.1%} (chance {report['chance']:.1%}); "
          f"{bsteps} + {hsteps} steps, {time.time() - t0:.0f} s in all", flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.save({"board": board_net.state_dict(), "hint": hint_net.state_dict(), "families": family_names(args.families),
                "report": report}, out / MODEL_FILE)
    return 0


class FamilyClassifierAttack:
    """The trained pair as an attack: (board, hint) -> (order of dots, score matrix)."""

    def __init__(self, path: Path, threads: int = 2):
        import torch

        torch.set_num_threads(threads)
        state = torch.load(path, map_location="cpu")
        self.report = state["report"]
        self.board_net, self.hint_net = _net(len(state["families"])), _net(len(state["families"]))
        self.board_net.load_state_dict(state["board"])
        self.hint_net.load_state_dict(state["hint"])
        self.board_net.eval()
        self.hint_net.eval()

    def scores(self, board: np.ndarray, hint: np.ndarray) -> np.ndarray:
        import torch

        with torch.no_grad():
            pb = torch.softmax(self.board_net(torch.from_numpy(board_crops(board))), 1).numpy()
            ph = torch.softmax(self.hint_net(torch.from_numpy(hint_crops(board, hint))), 1).numpy()
        return np.log(ph @ pb.T + 1e-9)

    def __call__(self, board: np.ndarray, hint: np.ndarray) -> list[int]:
        return best_order(self.scores(board, hint))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="make training captchas from the TRAIN photos and train the classifier")
    t.add_argument("--bin", required=True)
    t.add_argument("--photos", required=True)
    t.add_argument("--out", default=".build/attack-models")
    t.add_argument("--work", default=".build/pattern-train")
    t.add_argument("--count", type=int, default=900, help="training captchas (default 900)")
    t.add_argument("--minutes", type=float, default=6, help="training minutes, both networks (default 6)")
    t.add_argument("--max-steps", type=int, default=0, help="cap on training steps per network (0: none)")
    t.add_argument("--lengths", type=int, nargs="+", default=[4, 6])
    t.add_argument("--formats", nargs="+", default=["png", "jpeg"], choices=["png", "jpeg"])
    t.add_argument("--threads", type=int, default=2, help="CPU threads for training (default 2)")
    t.add_argument("--families", default="current", choices=["current", "8f5c1a7"],
                   help="the generator's family list (pattern_families.TABLES): current, or 8f5c1a7 for the "
                        "earlier look")
    args = ap.parse_args(argv)
    missing = [s for s in TRAIN_PHOTOS if not any(Path(args.photos).glob(s + ".*"))]
    if missing:
        print(f"pattern_classifier: {args.photos} lacks the train photos {', '.join(missing)}", file=sys.stderr)
        return 2
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
