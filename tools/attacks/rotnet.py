"""A RotNet-style upright classifier, the learned attacker on rotate captchas.

    python -m tools.attacks.rotnet train --bin .build/release/captcha-gen --photos ../shared/photos \
        --out .build/attack-models [--minutes 8] [--count 1500] [--arch small|resnet] [--device cuda]

Training data: `captcha-gen batch --kind rotate` from the TRAIN photos of split.py (and the
procedural background), so the network sees real pieces (the look, tone jitter, the background
variation). Each piece is turned upright with its answer, then turned again by a fresh random angle
per sample (the label), so every step sees new angles. Two networks: `small` (64×64 input, five
stride-2 conv blocks of 16–128 channels: the cheap attacker a bot author trains in ten CPU minutes)
and `resnet` (a ResNet-18 layout, 128×128 input, for a GPU). Both read RGB × alpha and alpha and
predict 72 bins of 5° with soft-label cross-entropy (Gaussian, σ = 1 bin); the guess is the circular
mean of the softmax around its peak. Adam, a fixed wall-clock budget. Published RotNet models
(ResNet-50 on millions of photos) reach about 7° mean error.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

from tools.attacks.split import TRAIN_PHOTOS

BINS = 72
MODEL = "rotnet.pt"
# Each network's input side and batch size.
ARCHS = {"small": (64, 32), "resnet": (128, 256)}


def turn(img: np.ndarray, clockwise: float) -> np.ndarray:
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), -clockwise, 1.0)  # OpenCV: positive = counter-clockwise
    return cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))


def tensor_input(piece_bgra: np.ndarray, size: int = 64) -> np.ndarray:
    """(4, size, size) float32: RGB × alpha scaled to ±0.5, alpha."""
    p = cv2.resize(piece_bgra, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    a = p[:, :, 3:4]
    rgb = (p[:, :, 2::-1] - 0.5) * a
    return np.concatenate([rgb, a], axis=2).transpose(2, 0, 1).copy()


def make_small():
    import torch.nn as nn

    layers = []
    chans = [4, 16, 32, 64, 96, 128]
    for a, b in zip(chans, chans[1:]):
        layers += [nn.Conv2d(a, b, 3, stride=2, padding=1), nn.BatchNorm2d(b), nn.ReLU(inplace=True),
                   nn.Conv2d(b, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU(inplace=True)]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(chans[-1], BINS)]
    return nn.Sequential(*layers)


def make_resnet():
    """ResNet-18's layout (two basic blocks per stage, 64–512 channels), a 4-channel stem, 72 bins."""
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self, a, b, stride):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(a, b, 3, stride, 1, bias=False), nn.BatchNorm2d(b),
                                      nn.ReLU(inplace=True), nn.Conv2d(b, b, 3, 1, 1, bias=False), nn.BatchNorm2d(b))
            self.skip = (nn.Identity() if stride == 1 and a == b else
                         nn.Sequential(nn.Conv2d(a, b, 1, stride, bias=False), nn.BatchNorm2d(b)))
            self.relu = nn.ReLU(inplace=True)

        def forward(self, x):
            return self.relu(self.body(x) + self.skip(x))

    layers = [nn.Conv2d(4, 64, 3, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True)]
    for a, b, stride in [(64, 64, 1), (64, 128, 2), (128, 256, 2), (256, 512, 2)]:
        layers += [Block(a, b, stride), Block(b, b, 1)]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, BINS)]
    return nn.Sequential(*layers)


def make_net(arch: str = "small"):
    return make_resnet() if arch == "resnet" else make_small()


def pick_device(name: str) -> str:
    import torch

    if name == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return name


def generate(binary: str, photos: Path, count: int, work: Path, jobs: int) -> list[np.ndarray]:
    """Upright pieces (BGRA) from `batch --kind rotate` on the train photos and procedural backgrounds."""
    train_dir = work / "photos"
    train_dir.mkdir(parents=True, exist_ok=True)
    for stem in TRAIN_PHOTOS:
        src = next(photos.glob(stem + ".*"))
        dst = train_dir / src.name
        if not dst.exists():
            dst.symlink_to(src.resolve())
    folders = []
    for name, extra, n in [("photos", ["--images", str(train_dir)], count * 3 // 4), ("procedural", [], count // 4)]:
        out = work / name
        cmd = [binary, "batch", "--kind", "rotate", "--count", str(n), "--out", str(out), "--seed", "1400",
               "--size", "320x160", "--quiet", "--jobs", str(jobs), *extra]
        subprocess.run(cmd, check=True)
        folders += sorted(p for p in out.iterdir() if p.is_dir())

    def upright(d: Path) -> np.ndarray:
        answer = json.loads((d / "answer.json").read_text())
        return turn(cv2.imread(str(d / "piece.png"), cv2.IMREAD_UNCHANGED), answer["angle"])

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return list(pool.map(upright, folders))


def turned_batch(torch, uprights, idx, angles, mirror, size: int):
    """The upright pieces `idx` (a float tensor N×4×H×W of BGRA in 0…1), mirrored where `mirror`,
    shown turned clockwise by 360 − angle (so turning them clockwise by angle restores them), as the
    network's input: RGB × alpha scaled to ±0.5, alpha, area-resized to size×size."""
    import torch.nn.functional as F

    x = uprights[idx].float()
    x = torch.where(mirror[:, None, None, None], x.flip(3), x)
    # grid_sample maps output to input: an output shown turned clockwise by t reads the input turned
    # counter-clockwise by t. y points down, so that is the rotation matrix of +t in image axes.
    t = torch.deg2rad(360 - angles)
    c, s = torch.cos(t), torch.sin(t)
    theta = torch.stack([torch.stack([c, s, torch.zeros_like(c)], 1),
                         torch.stack([-s, c, torch.zeros_like(c)], 1)], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    x = F.interpolate(x, size=(size, size), mode="area")
    a = x[:, 3:4]
    rgb = (x[:, [2, 1, 0]] - 0.5) * a
    return torch.cat([rgb, a], 1)


def soft_labels(torch, angles):
    centres = torch.arange(BINS, device=angles.device, dtype=torch.float32)
    d = (centres[None] - (angles / (360 / BINS))[:, None]).abs()
    d = torch.minimum(d, BINS - d)
    y = torch.exp(-0.5 * d ** 2)
    return y / y.sum(1, keepdim=True)


def cpu_batches(torch, pieces, batch: int, size: int):
    """Endless (x, y) batches on the CPU: each piece turned with OpenCV at full size (as before)."""
    rng = np.random.default_rng(0)
    while True:
        idx = rng.integers(0, len(pieces), batch)
        angles = rng.uniform(0, 360, batch)
        xs = []
        for i, a in zip(idx, angles):
            img = pieces[i][:, ::-1].copy() if rng.random() < 0.5 else pieces[i]  # a mirror is still upright
            # The piece is shown turned clockwise by (360 − a): turning it clockwise by a restores it.
            xs.append(tensor_input(turn(img, 360 - a), size))
        yield torch.from_numpy(np.stack(xs)), soft_labels(torch, torch.from_numpy(angles.astype(np.float32)))


def gpu_batches(torch, pieces, batch: int, size: int, device: str):
    """Endless (x, y) batches with every piece on the GPU, turned there by grid_sample."""
    uprights = torch.from_numpy(np.stack(pieces)).permute(0, 3, 1, 2).to(device=device, dtype=torch.float16) / 255
    gen = torch.Generator(device=device).manual_seed(0)
    while True:
        idx = torch.randint(0, len(uprights), (batch,), device=device, generator=gen)
        angles = torch.rand(batch, device=device, generator=gen) * 360
        mirror = torch.rand(batch, device=device, generator=gen) < 0.5
        yield turned_batch(torch, uprights, idx, angles, mirror, size), soft_labels(torch, angles)


def train(args) -> int:
    import torch

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    device = pick_device(args.device)
    size, batch = ARCHS[args.arch]
    batch = args.batch or batch
    start_data = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        pieces = generate(args.bin, Path(args.photos), args.count, Path(tmp), args.jobs)
    print(f"rotnet: {len(pieces)} upright training pieces in {time.time() - start_data:.0f} s; {args.arch} on "
          f"{device}", file=sys.stderr)
    batches = cpu_batches(torch, pieces, batch, size) if device == "cpu" else gpu_batches(
        torch, pieces, batch, size, device)
    net = make_net(args.arch).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    start = time.time()
    steps = 0
    while time.time() - start < args.minutes * 60:
        x, y = next(batches)
        with torch.autocast(device_type=device, dtype=torch.bfloat16, enabled=device == "cuda"):
            logits = net(x)
        loss = -(y * torch.log_softmax(logits.float(), dim=1)).sum(dim=1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        steps += 1
        if steps % args.report == 0:
            print(f"rotnet: step {steps}, loss {loss.item():.3f}, {time.time() - start:.0f} s", file=sys.stderr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().cpu() for k, v in net.state_dict().items()}
    torch.save({"state": state, "arch": args.arch, "steps": steps, "samples": steps * batch,
                "pieces": len(pieces), "device": device, "seconds": round(time.time() - start)}, out / MODEL)
    print(f"rotnet: {steps} steps ({steps * batch} samples) in {time.time() - start:.0f} s on {device}; "
          f"wrote {out / MODEL}")
    return 0


class RotNetAttack:
    """attack(background, piece, center) -> angle, with a trained model."""

    def __init__(self, path: Path):
        import torch

        torch.set_num_threads(2)
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        blob = torch.load(path, map_location="cpu")
        self.arch = blob.get("arch", "small")
        self.size = ARCHS[self.arch][0]
        self.net = make_net(self.arch)
        self.net.load_state_dict(blob["state"])
        self.net.to(self.device).eval()
        self.torch = torch

    def __call__(self, background, piece, center):
        x = self.torch.from_numpy(tensor_input(piece, self.size)[None]).to(self.device)
        with self.torch.no_grad():
            p = self.torch.softmax(self.net(x).float(), dim=1)[0].cpu().numpy()
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
    t.add_argument("--arch", choices=sorted(ARCHS), default="small",
                   help="small: 64 px, for a CPU (default); resnet: ResNet-18 layout at 128 px, for a GPU")
    t.add_argument("--device", default="auto", help="cpu, cuda or auto (cuda where there is one)")
    t.add_argument("--batch", type=int, default=0, help="batch size (default: 32 small, 256 resnet)")
    t.add_argument("--lr", type=float, default=2e-3)
    t.add_argument("--threads", type=int, default=2, help="CPU threads for torch")
    t.add_argument("--jobs", type=int, default=2, help="batch jobs and loader threads for the training data")
    t.add_argument("--report", type=int, default=100, help="print the loss every N steps")
    args = ap.parse_args(argv)
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
