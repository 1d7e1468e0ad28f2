"""A learned attacker (class 7c of the attack table): a small CNN trained on captcha-gen's own output.

The product is open source, so an attacker makes unlimited labelled captchas with our binary. This
trains, on the CPU and from scratch, a siamese network for horizontal mode: a trunk turns the band
of the background that the piece slides along into feature maps, a second trunk turns the piece into
a kernel of the same features, and their correlation plus a learned piece-independent kernel gives
a score for every x: a heat map over x positions whose argmax is the guess.

Two variants, as an attacker would try them:
- `cnn-plain`: pixels scaled to −0.5…0.5, no colour augmentation;
- `cnn-aug`: each captcha standardised (per-channel mean and spread of its background, applied to
  the piece too) and, while training, colour augmentation (channel order, per-channel gain,
  gamma, brightness).
Both flip captchas left-right while training.

    python -m tools.attacks.learned train --bin .build/release/captcha-gen --photos ../shared/photos \
        --out .build/attack-models [--minutes 8] [--count 2400] [--key-every 5]

trains both variants on captchas made from the TRAIN_PHOTOS (and procedural backgrounds); the test
photos (evaluate.TEST_PHOTOS) are never read; captchas already in `--work` from the same command are
reused. `--key-every N` makes each N captchas with a fresh
random `--style-key` (the attacker who knows how keys work but not the deployment's key).
`evaluate.py --models DIR` then reports them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

from tools.attacks.split import TRAIN_PHOTOS

#: Rows of background kept above and below the piece's row band.
MARGIN = 8
#: Looks the attacker trains on, with their share of the training captchas.
TRAIN_LOOKS = {"normal": 0.4, "hard": 0.2, "easy": 0.2, "classic": 0.2}
VARIANTS = ("cnn-plain", "cnn-aug")


# ---------------------------------------------------------------- data


def band(background: np.ndarray, y: int, h: int) -> np.ndarray:
    """Rows y−MARGIN … y+h+MARGIN−1 of the background's colour (edge rows repeated past the border)."""
    bg = background[:, :, :3]
    rows = np.clip(np.arange(y - MARGIN, y + h + MARGIN), 0, bg.shape[0] - 1)
    return bg[rows]


def make_one(job):
    """Generate one captcha; returns (band, piece, target x) or None when make failed."""
    binary, photo, look, seed, out, key = job
    cmd = [binary, "make", "--out", str(out), "--seed", str(seed), "--size", "320x160", "--difficulty", look]
    if photo is not None:
        cmd += ["--image", str(photo)]
    if key is not None:
        cmd += ["--style-key", key]
    # A captcha made before by the same command (and style key) is read back, not made again.
    stamp = out / "make-command.json"
    record = json.dumps({"cmd": cmd, "env_key": os.environ.get("CAPTCHA_STYLE_KEY")})
    if not (stamp.exists() and stamp.read_text() == record and (out / "answer.json").exists()):
        if subprocess.run(cmd, capture_output=True).returncode != 0:
            return None
        stamp.write_text(record)
    answer = json.loads((out / "answer.json").read_text())
    bg = cv2.imread(str(out / answer["background"]["file"]), cv2.IMREAD_COLOR)
    piece = cv2.imread(str(out / answer["piece"]["file"]), cv2.IMREAD_UNCHANGED)
    y = int(answer["start"]["y"])
    return band(bg, y, piece.shape[0]), piece, int(answer["target"]["x"])


def random_keys(count: int, every: int, seed: int) -> list:
    """One style key per captcha, a fresh one every `every` captchas (16 hex digits each, drawn from
    `seed`): the attacker who knows the design but not the deployment's key trains on many keys."""
    rng = np.random.default_rng(seed)
    keys = ["".join(f"{b:02x}" for b in rng.integers(0, 256, 8)) for _ in range((count + every - 1) // every)]
    return [keys[k // every] for k in range(count)]


def make_dataset(binary: str, photo_dir: Path, count: int, work: Path, seed_base: int = 7_000_000,
                 train_looks: dict | None = None, keys: list | None = None):
    """`count` captchas from the training photos and procedural backgrounds (equal shares), looks
    mixed as `train_looks` (default TRAIN_LOOKS), captcha k made with `--style-key keys[k]` when
    `keys` is given; returns arrays (bands N×(h+2M)×W×3, pieces N×h×h×4, targets N). Without
    `keys`, `make` inherits the environment, so CAPTCHA_STYLE_KEY trains on one key's look."""
    sources = [photo_dir / f"{stem}.jpg" for stem in TRAIN_PHOTOS] + [None]
    jobs = []
    shares = train_looks or TRAIN_LOOKS
    looks = [look for look, share in shares.items() for _ in range(int(round(share * 10)))]
    for k in range(count):
        src = sources[k % len(sources)]
        look = looks[(k // len(sources)) % len(looks)]
        jobs.append((binary, src, look, seed_base + k, work / f"c{k}", keys[k] if keys else None))
    with ThreadPoolExecutor(max_workers=2) as pool:
        made = [m for m in pool.map(make_one, jobs) if m is not None]
    return (np.stack([m[0] for m in made]), np.stack([m[1] for m in made]),
            np.array([m[2] for m in made], np.int64))


# ---------------------------------------------------------------- model


def _torch():
    import torch  # noqa: PLC0415  (only the learned attacker needs torch)

    return torch


def build_model():
    torch = _torch()
    nn = torch.nn

    class Siamese(nn.Module):
        """Background-band trunk and piece trunk (a 5×5 stride-2 layer sees the 4–7 px stripes
        before the half-resolution layers); score(x) = ⟨band features at x, piece kernel⟩
        + ⟨band features at x, a learned kernel⟩."""

        def __init__(self, ch: int = 12, feat: int = 8):
            super().__init__()

            def trunk(cin):
                return nn.Sequential(
                    nn.Conv2d(cin, ch, 5, padding=2, stride=2), nn.ReLU(),
                    nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
                    nn.Conv2d(ch, ch, 3, padding=2, dilation=2), nn.ReLU(),
                    nn.Conv2d(ch, ch, 3, padding=4, dilation=4), nn.ReLU(),
                    nn.Conv2d(ch, feat, 1),
                )

            self.band = trunk(3)
            self.piece = trunk(4)
            self.feat = feat
            self.generic = nn.Parameter(torch.zeros(1, feat, 30, 30))
            self.scale = nn.Parameter(torch.tensor(0.05))

        def forward(self, bands, pieces):
            f = self.band(bands)  # B×F×(h/2+M)×W/2
            g = self.piece(pieces)  # B×F×h/2×h/2
            B, F, _, W = f.shape
            kh = g.shape[2]
            top = MARGIN // 2
            rows = f[:, :, top : top + kh, :]
            own = torch.nn.functional.conv2d(rows.reshape(1, B * F, kh, W), g, groups=B).reshape(B, -1)
            generic = torch.nn.functional.conv2d(rows, self.generic).reshape(B, -1)
            return self.scale * own + generic  # B × (W/2 − kw/2 + 1) scores, x = 2·index

    return Siamese()


def prepare(bands: np.ndarray, pieces: np.ndarray, variant: str, rng=None):
    """Float tensors (B×3×H×W bands, B×4×h×w pieces) for a variant; with `rng`, training
    augmentation (cnn-aug: colour)."""
    torch = _torch()
    b = bands.astype(np.float32) / 255
    rgb = pieces[..., :3].astype(np.float32) / 255
    a = pieces[..., 3:].astype(np.float32) / 255
    if variant == "cnn-aug":
        if rng is not None:
            n = len(b)
            perm = [rng.permutation(3) for _ in range(n)]
            b = np.stack([bi[..., pi] for bi, pi in zip(b, perm)])
            rgb = np.stack([ri[..., pi] for ri, pi in zip(rgb, perm)])
            gain = rng.uniform(0.7, 1.3, (n, 1, 1, 3)).astype(np.float32)
            gamma = rng.uniform(0.6, 1.6, (n, 1, 1, 1)).astype(np.float32)
            shift = rng.uniform(-0.15, 0.15, (n, 1, 1, 1)).astype(np.float32)
            b = np.clip(np.clip(b * gain, 0, 1) ** gamma + shift, 0, 1)
            rgb = np.clip(np.clip(rgb * gain, 0, 1) ** gamma + shift, 0, 1)
        mean = b.mean(axis=(1, 2), keepdims=True)
        std = b.std(axis=(1, 2), keepdims=True) + 0.02
        b = (b - mean) / std
        rgb = (rgb - mean) / std
    else:
        b = b - 0.5
        rgb = rgb - 0.5
    p = np.concatenate([rgb * a, a], axis=3)
    return (torch.from_numpy(np.ascontiguousarray(b.transpose(0, 3, 1, 2))),
            torch.from_numpy(np.ascontiguousarray(p.transpose(0, 3, 1, 2))))


def train(bands, pieces, targets, variant: str, minutes: float, out: Path, seed: int = 0,
          max_steps: int = 0) -> dict:
    """Adam on soft-label cross-entropy over x (σ = 1 step), with left-right flips, for `minutes`
    or `max_steps` steps (0: no limit), whichever ends first."""
    torch = _torch()
    torch.manual_seed(seed)
    torch.set_num_threads(2)
    rng = np.random.default_rng(seed)
    model = build_model()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    W, h = bands.shape[2], pieces.shape[1]
    n_pos = (W - h) // 2 + 1
    grid = np.arange(n_pos, dtype=np.float32)
    started = time.monotonic()
    deadline = started + 60 * minutes
    steps, seen, batch = 0, 0, 16
    while time.monotonic() < deadline and (max_steps == 0 or steps < max_steps):
        idx = rng.integers(0, len(bands), batch)
        b, p, t = bands[idx].copy(), pieces[idx].copy(), targets[idx].astype(np.float32).copy()
        flip = rng.random(batch) < 0.5
        b[flip] = b[flip][:, :, ::-1]
        p[flip] = p[flip][:, :, ::-1]
        t[flip] = (W - h) - t[flip]
        tb, tp = prepare(b, p, variant, rng)
        soft = np.exp(-0.5 * ((grid[None, :] - t[:, None] / 2) / 1.0) ** 2)
        soft /= soft.sum(axis=1, keepdims=True)
        logits = model(tb, tp)
        loss = -(torch.from_numpy(soft) * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        steps += 1
        seen += batch
        if steps % 100 == 0:
            print(f"{variant}: step {steps}, {seen} captchas seen, loss {loss.item():.3f}", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), out / f"{variant}.pt")
    return {"variant": variant, "steps": steps, "captchas_seen": seen, "minutes": minutes,
            "elapsed_s": round(time.monotonic() - started),
            "train_captchas": int(len(bands))}


class LearnedAttack:
    """A trained variant as an attack: (background, piece, mode, start) -> guess (horizontal only)."""

    def __init__(self, path: Path):
        torch = _torch()
        torch.set_num_threads(2)
        self.variant = path.stem
        self.model = build_model()
        self.model.load_state_dict(torch.load(path, map_location="cpu"))
        self.model.eval()

    def heat(self, background: np.ndarray, piece: np.ndarray, start) -> np.ndarray:
        """Scores over the half-resolution x grid (x = 2·index) on the start row."""
        torch = _torch()
        h = piece.shape[0]
        b = band(background, int(start[1]), h)[None]
        tb, tp = prepare(b, piece[None], self.variant)
        with torch.no_grad():
            return self.model(tb, tp)[0].numpy()

    def __call__(self, background, piece, mode, start=None):
        if mode != "horizontal" or start is None or piece.ndim != 3 or piece.shape[2] != 4:
            return None
        heat = self.heat(background, piece, start)
        x = 2 * int(np.argmax(heat))
        return min(x, background.shape[1] - piece.shape[1]), int(start[1])


def load_models(folder: Path) -> dict:
    """name → LearnedAttack for every trained variant found in `folder`."""
    return {v: LearnedAttack(folder / f"{v}.pt") for v in VARIANTS if (folder / f"{v}.pt").exists()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="generate training captchas and train both variants")
    t.add_argument("--bin", required=True)
    t.add_argument("--photos", required=True)
    t.add_argument("--out", default=".build/attack-models")
    t.add_argument("--work", default=".build/attack-train")
    t.add_argument("--count", type=int, default=2400, help="training captchas (default 2400)")
    t.add_argument("--minutes", type=float, default=8, help="training minutes per variant (default 8)")
    t.add_argument("--max-steps", type=int, default=0,
                   help="stop a variant after this many steps even before --minutes (default 0: no limit); "
                        "on a shared machine a step budget compares models fairly")
    t.add_argument("--variants", default=",".join(VARIANTS))
    t.add_argument("--key-every", type=int, default=0,
                   help="train on many style keys: a fresh random key every N captchas (default 0: no key "
                        "of its own; CAPTCHA_STYLE_KEY applies)")
    t.add_argument("--key-seed", type=int, default=0, help="seed of the random keys of --key-every (default 0)")
    t.add_argument("--looks", help="comma-separated looks to train on in equal shares (default: "
                   + ", ".join(f"{k} {int(v * 100)}%%" for k, v in TRAIN_LOOKS.items()) + ")")
    args = ap.parse_args(argv)
    photo_dir = Path(args.photos)
    missing = [s for s in TRAIN_PHOTOS if not (photo_dir / f"{s}.jpg").exists()]
    if missing:
        print(f"learned: training photos missing in {photo_dir}: {', '.join(missing)}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    looks = None
    if args.looks:
        names = args.looks.split(",")
        looks = {name: 1 / len(names) for name in names}
    if args.key_every < 0:
        print(f"learned: --key-every {args.key_every} is negative; use 0 (off) or N ≥ 1", file=sys.stderr)
        return 2
    keys = random_keys(args.count, args.key_every, args.key_seed) if args.key_every else None
    bands, pieces, targets = make_dataset(args.bin, photo_dir, args.count, Path(args.work), train_looks=looks,
                                          keys=keys)
    print(f"learned: {len(bands)} training captchas made in {time.monotonic() - t0:.0f} s", flush=True)
    out = Path(args.out)
    log = []
    for variant in args.variants.split(","):
        log.append(train(bands, pieces, targets, variant, args.minutes, out, max_steps=args.max_steps))
        log[-1]["style_keys"] = len(set(keys)) if keys else 0
        print(f"learned: {variant} trained: {log[-1]}", flush=True)
    (out / "training.json").write_text(json.dumps(log, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
