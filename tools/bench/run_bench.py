"""`make bench-compare`: captcha-gen next to its baselines, side by side in one run.

    batch   captchas/s of `captcha-gen batch` (default look and --difficulty classic) and of the
            Pillow + multiprocessing script (tools/bench/pillow_batch.py): COUNT captchas at
            320x160 from the five photos of make_images.py, --jobs 2; plus the 2-vs-1-job scaling;
            then the same on the mixed set (four small PNGs and one 2 MP JPEG).
    make    wall time and peak RSS of `captcha-gen make` next to tools/bench/codec-floor (decode
            and encode only): 451x300 PNG -> PNG, 1, 3 and 12 MP JPEG -> JPEG and
            12 MP JPEG -> --size 320x160.

With --before OLD_BINARY, an older captcha-gen runs in the same rounds (rows marked "before"), so
a change is measured against the old code under the same load. Runs of the compared programs alternate, so load from other processes falls on all of them alike;
medians are printed with every run and the ratios of medians. Peak RSS comes from
/usr/bin/time (GNU time, small itself, so the measured child does not inherit a large parent's
high-water mark through exec). Extra arguments for captcha-gen (for instance --no-fsync) go
after `--`: `run_bench.py ... -- --no-fsync` (they are passed to the floor too).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from tools.bench import make_images

HERE = os.path.dirname(os.path.abspath(__file__))


CPU = {}  # command label -> CPU seconds (user + sys, children included) of each run


def run(command, out, label=None):
    """Runs `command` under GNU time after emptying `out`; returns (seconds, peak RSS in MB) and
    records the run's CPU time (user + sys) under `label`: on a shared machine CPU time varies
    far less than wall time, so the CPU ratios are printed next to the wall-time ones."""
    shutil.rmtree(out, ignore_errors=True)
    report = tempfile.NamedTemporaryFile(prefix="bench-rss-", delete=False)
    report.close()
    errors = tempfile.TemporaryFile()
    started = time.perf_counter()
    child = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", "-o", report.name] + command,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    # wait4 gives the CPU time of GNU time and the command it waited for in microseconds (GNU time
    # itself prints it in 10 ms steps, too coarse for the small cases).
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    with open(report.name) as f:
        peak_kb = f.read().split()[-1]
    os.unlink(report.name)
    if child.returncode != 0:
        errors.seek(0)
        sys.exit(f"bench: {' '.join(command)} failed:\n{errors.read().decode(errors='replace')}")
    if label is not None:
        CPU.setdefault(label, []).append(usage.ru_utime + usage.ru_stime)
    return seconds, int(peak_kb) / 1024


def median(xs):
    return statistics.median(xs)


def batch_section(a, images, work, extra):
    count = a.count
    ours = [a.bin, "batch", "--count", str(count), "--images", images, "--size", "320x160",
            "--seed", "1"] + extra
    pillow = [sys.executable, os.path.join(HERE, "pillow_batch.py"), "--images", images,
              "--count", str(count), "--size", "320x160"]
    contenders = [
        ("captcha-gen batch, default look, --jobs 2", ours + ["--jobs", "2"]),
        ("captcha-gen batch, --difficulty classic, --jobs 2",
         ours + ["--jobs", "2", "--difficulty", "classic"]),
        ("Pillow script, --jobs 2", pillow + ["--jobs", "2"]),
        ("captcha-gen batch, default look, --jobs 1", ours + ["--jobs", "1"]),
        ("Pillow script, --jobs 1", pillow + ["--jobs", "1"]),
    ]
    if a.before:
        old = [a.before] + ours[1:]
        contenders += [
            ("before: batch, default look, --jobs 2", old + ["--jobs", "2"]),
            ("before: batch, --difficulty classic, --jobs 2",
             old + ["--jobs", "2", "--difficulty", "classic"]),
            ("before: batch, default look, --jobs 1", old + ["--jobs", "1"]),
        ]
    rates = {name: [] for name, _ in contenders}
    # Every run writes into a folder of its own, and the folders are removed only after the last
    # run: on this machine's ext4 (no journal), creating files right after thousands were deleted
    # costs each new inode a scan for recently freed ones, which made the second and later runs of
    # a contender up to 2x slower than the first (its own and the others' deletions alike).
    runs = 0
    for _ in range(a.repeats):
        for name, command in contenders:
            out = os.path.join(work, f"batch-{runs}")
            runs += 1
            seconds, _ = run(command + ["--out", out], out, label=name)
            rates[name].append(count / seconds)
    for k in range(runs):
        shutil.rmtree(os.path.join(work, f"batch-{k}"), ignore_errors=True)
    print(f"batch: {count} captchas at 320x160 from {images}, median of {a.repeats} runs "
          f"(load average {os.getloadavg()[0]:.2f})")
    for name, _ in contenders:
        runs = ", ".join(f"{r:.1f}" for r in rates[name])
        cpu_ms = median(CPU[name]) * 1000 / count
        print(f"  {name:52s} {median(rates[name]):7.1f} captchas/s  {cpu_ms:5.1f} ms CPU/captcha  (runs: {runs})")
    m = {name: median(v) for name, v in rates.items()}
    pillow2 = m["Pillow script, --jobs 2"]
    print(f"  default look / Pillow (jobs 2):   {m['captcha-gen batch, default look, --jobs 2'] / pillow2:.2f}x"
          "  (goal >= 5)")
    print(f"  classic / Pillow (jobs 2):        "
          f"{m['captcha-gen batch, --difficulty classic, --jobs 2'] / pillow2:.2f}x")
    print(f"  default look, jobs 2 / jobs 1:    {m['captcha-gen batch, default look, --jobs 2'] / m['captcha-gen batch, default look, --jobs 1']:.2f}x"
          "  (goal >= 1.8)")
    print(f"  Pillow, jobs 2 / jobs 1:          {pillow2 / m['Pillow script, --jobs 1']:.2f}x")
    cpu = {name: median(v) for name, v in CPU.items() if name in rates}
    print(f"  CPU per captcha, Pillow / default look (jobs 2): "
          f"{cpu['Pillow script, --jobs 2'] / cpu['captcha-gen batch, default look, --jobs 2']:.2f}x"
          "  (what the throughput ratio tends to when both keep 2 cores busy)")
    if a.before:
        for look in ("default look, --jobs 2", "--difficulty classic, --jobs 2", "default look, --jobs 1"):
            print(f"  now / before, {look + ':':31s} "
                  f"{m['captcha-gen batch, ' + look] / m['before: batch, ' + look]:.2f}x")


def make_section(a, folder, work, extra):
    png = os.path.join(folder, "bg-451x300.png")
    jpeg = os.path.join(folder, "photo-12mp.jpg")
    floor_extra = [x for x in extra if x == "--no-fsync"]
    cases = [("451x300 PNG -> PNG", ["--image", png], ["png", png], a.samples * 2)]
    for mp in (1, 3, 12):
        photo = os.path.join(folder, f"photo-{mp}mp.jpg")
        cases.append((f"{mp} MP JPEG -> JPEG", ["--image", photo, "--format", "jpeg"], ["jpeg", photo],
                      a.samples))
    cases += [
        ("12 MP JPEG -> --size 320x160", ["--image", jpeg, "--size", "320x160"],
         ["jpeg-size", jpeg], a.samples * 2),
    ]
    print(f"make: wall time and peak RSS of one process, median of interleaved runs "
          f"(load average {os.getloadavg()[0]:.2f})")
    looks = ["default", "classic"] + (["default before", "classic before"] if a.before else [])
    print(f"  {'case':30s} {'floor':>16s}" + "".join(f"{k:>26s}" for k in looks))
    for name, args, floor_args, samples in cases:
        out = os.path.join(work, "make")
        floor_cmd = [a.floor] + floor_args[:1] + [floor_args[1], out]
        if floor_args[0] == "jpeg-size":
            floor_cmd += ["320", "160"]
        floor_cmd += floor_extra
        make_cmd = [a.bin, "make", "--seed", "7", "--out", out] + args + extra
        commands = [("floor", floor_cmd), ("default", make_cmd),
                    ("classic", make_cmd + ["--difficulty", "classic"])]
        if a.before:
            old = [a.before] + make_cmd[1:]
            commands += [("default before", old), ("classic before", old + ["--difficulty", "classic"])]
        times = {k: [] for k, _ in commands}
        peaks = {k: [] for k, _ in commands}
        for _ in range(samples):
            for key, command in commands:
                seconds, peak = run(command, out, label=(name, key))
                times[key].append(seconds)
                peaks[key].append(peak)
        f_time = median(times["floor"])
        f_cpu = median(CPU[(name, "floor")])
        cells = [f"{f_time * 1000:7.0f} ms {median(peaks['floor']):5.1f} MB"]
        cpu_cells = [f"{f_cpu * 1000:7.1f} ms"]
        for key in looks:
            t = median(times[key])
            c = median(CPU[(name, key)])
            cells.append(f"{t * 1000:7.0f} ms {t / f_time:4.2f}x {median(peaks[key]):5.1f} MB")
            cpu_cells.append(f"{c * 1000:7.1f} ms {c / f_cpu:4.2f}x")
        print(f"  {name:30s} {cells[0]:>16s}" + "".join(f"{c:>26s}" for c in cells[1:]))
        print(f"  {'  CPU (user + sys)':30s} {cpu_cells[0]:>16s}" + "".join(f"{c:>26s}" for c in cpu_cells[1:]))
    print("  (ratio = time / floor's time; goal <= 1.2x, peak <= floor + 20 MB; CPU rows: the same runs' CPU time)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/release/captcha-gen")
    parser.add_argument("--floor", default=".build/bench/codec-floor")
    parser.add_argument("--before", default="", help="an older captcha-gen to run side by side")
    parser.add_argument("--photos", default="", help="sample photos to derive the test images from")
    parser.add_argument("--work", default=".build/bench")
    parser.add_argument("--count", type=int, default=300, help="captchas per batch run")
    parser.add_argument("--repeats", type=int, default=3, help="batch runs per contender")
    parser.add_argument("--samples", type=int, default=5, help="make runs per program (12 MP case)")
    parser.add_argument("--only", choices=["batch", "mixed", "make"],
                        help="run one section (batch runs both image sets; mixed only the second)")
    parser.add_argument("extra", nargs="*", help="after --: extra captcha-gen options")
    a = parser.parse_args()
    images = os.path.join(a.work, "images")
    print("test images:")
    sys.argv = [sys.argv[0], "--out", images, "--photos", a.photos]
    make_images.main()
    work = os.path.join(a.work, "runs")
    os.makedirs(work, exist_ok=True)
    if a.only in (None, "batch"):
        batch_section(a, os.path.join(images, "batch"), work, a.extra)
    if a.only in (None, "batch", "mixed"):
        batch_section(a, os.path.join(images, "mixed"), work, a.extra)
    if a.only in (None, "make"):
        make_section(a, os.path.join(images, "make"), work, a.extra)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
