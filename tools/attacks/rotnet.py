"""A RotNet-style upright classifier, the learned attacker on rotate captchas (issue 14).

    python tools/attacks/rotnet.py train --bin .build/release/captcha-gen --photos ../shared/photos \
        --out .build/attack-models [--minutes 8] [--count 1500]

Training data: `captcha-gen batch --kind rotate` from the TRAIN photos of split.py (and the
procedural background), so the network sees real pieces (rim flattening, tone jitter, the
background variation). Each piece is turned upright with its answer, then turned again by a fresh
random angle per sample (the label), so every epoch sees new angles. The network: 64×64 input (RGB
× alpha, alpha), five stride-2 conv blocks (16-32-64-96-128 channels, batch norm, ReLU), global
average pooling, a linear layer over 72 bins of 5°; soft-label cross-entropy (Gaussian, σ = 1 bin);
the guess is the circular mean of the softmax around its peak. Adam 2e-3, batches of 32, CPU, a
fixed wall-clock budget. Published RotNet models (ResNet-50 on millions of photos) reach about 7°
mean error; this small one is the cheap attacker a bot author trains in ten minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from split import TRAIN_PHOTOS  # noqa: E402

SIZE = 64
BINS = 72
MODEL = "rotnet.pt"


def turn(img: np.ndarray, clockwise: float) -> np.ndarray:
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), -clockwise, 1.0)  # OpenCV: positive = counter-clockwise
    return cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))


def tensor_input(piece_bgra: np.ndarray) -> np.ndarray:
    """(4, SIZE, SIZE) float32: RGB × alpha scaled to ±0.5, alpha."""
    p = cv2.resize(piece_bgra, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    a = p[:, :, 3:4]
    rgb = (p[:, :, 2::-1] - 0.5) * a
    return np.concatenate([rgb, a], axis=2).transpose(2, 0, 1).copy()


def make_net():
    import torch.nn as nn

    layers = []
    chans = [4, 16, 32, 64, 96, 128]
    for a, b in zip(chans, chans[1:]):
        layers += [nn.Conv2d(a, b, 3, stride=2, padding=1), nn.BatchNorm2d(b), nn.ReLU(inplace=True),
                   nn.Conv2d(b, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU(inplace=True)]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(chans[-1], BINS)]
    return nn.Sequential(*layers)


def generate(binary: str, photos: Path, count: int, work: Path) -> list[np.ndarray]:
    """Upright pieces (BGRA) from `batch --kind rotate` on the train photos and procedural backgrounds."""
    train_dir = work / "photos"
    train_dir.mkdir(parents=True, exist_ok=True)
    for stem in TRAIN_PHOTOS:
        src = next(photos.glob(stem + ".*"))
        dst = train_dir / src.name
        if not dst.exists():
            dst.symlink_to(src.resolve())
    uprights = []
    for name, extra, n in [("photos", ["--images", str(train_dir)], count * 3 // 4), ("procedural", [], count // 4)]:
        out = work / name
        cmd = [binary, "batch", "--kind", "rotate", "--count", str(n), "--out", str(out), "--seed", "1400",
               "--size", "320x160", "--quiet", *extra]
        subprocess.run(cmd, check=True)
        for d in sorted(p for p in out.iterdir() if p.is_dir()):
            answer = json.loads((d / "answer.json").read_text())
            piece = cv2.imread(str(d / "piece.png"), cv2.IMREAD_UNCHANGED)
            uprights.append(turn(piece, answer["angle"]))
    return uprights


def train(args) -> int:
    import torch

    torch.set_num_threads(2)
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        uprights = generate(args.bin, Path(args.photos), args.count, Path(tmp))
    print(f"rotnet: {len(uprights)} upright training pieces", file=sys.stderr)
    net = make_net()
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    centres = np.arange(BINS)
    start = time.time()
    steps = 0
    while time.time() - start < args.minutes * 60:
        idx = rng.integers(0, len(uprights), 32)
        angles = rng.uniform(0, 360, 32)
        xs, ys = [], []
        for i, a in zip(idx, angles):
            img = uprights[i]
            if rng.random() < 0.5:
                img = img[:, ::-1].copy()  # a mirrored photo is still upright
            # The piece is shown turned clockwise by (360 − a): turning it clockwise by a restores it.
            xs.append(tensor_input(turn(img, 360 - a)))
            d = np.abs(centres - a / (360 / BINS))
            d = np.minimum(d, BINS - d)
            y = np.exp(-0.5 * d ** 2)
            ys.append(y / y.sum())
        x = torch.from_numpy(np.stack(xs))
        y = torch.from_numpy(np.stack(ys).astype(np.float32))
        loss = -(y * torch.log_softmax(net(x), dim=1)).sum(dim=1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        steps += 1
        if steps % 100 == 0:
            print(f"rotnet: step {steps}, loss {loss.item():.3f}, {time.time() - start:.0f} s", file=sys.stderr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.save({"state": net.state_dict(), "steps": steps, "samples": steps * 32, "pieces": len(uprights)},
               out / MODEL)
    print(f"rotnet: {steps} steps ({steps * 32} samples) in {time.time() - start:.0f} s; wrote {out / MODEL}")
    return 0


class RotNetAttack:
    """attack(background, piece, center) -> angle, with a trained model."""

    def __init__(self, path: Path):
        import torch

        torch.set_num_threads(2)
        blob = torch.load(path, map_location="cpu")
        self.net = make_net()
        self.net.load_state_dict(blob["state"])
        self.net.eval()
        self.torch = torch

    def __call__(self, background, piece, center):
        with self.torch.no_grad():
            p = self.torch.softmax(self.net(self.torch.from_numpy(tensor_input(piece)[None])), dim=1)[0].numpy()
        k = int(np.argmax(p))
        near = [(k + d) % BINS for d in range(-3, 4)]
        t = np.array(near) * (2 * math.pi / BINS)
        w = p[near]
        return float(math.degrees(math.atan2((w * np.sin(t)).sum(), (w * np.cos(t)).sum())) % 360)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--bin", required=True)
    t.add_argument("--photos", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("--minutes", type=float, default=8)
    t.add_argument("--count", type=int, default=1500, help="training captchas (3/4 photos, 1/4 procedural)")
    args = ap.parse_args(argv)
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
