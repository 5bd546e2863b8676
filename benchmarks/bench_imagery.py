"""Render time of listing photos (640x480) and task input images, warm caches, across the whole catalog."""

from __future__ import annotations

import random
import time

from benchmarks.stats import report
from sites.imagery import COLORS, CONDITIONS, KINDS, PATTERNS, PhotoSpec, render_photo
from sites.imagery.task_images import make_input_image


def _specs(n: int, rng: random.Random) -> list[PhotoSpec]:
    out = []
    kinds = sorted(KINDS)
    for _ in range(n):
        k = KINDS[rng.choice(kinds)]
        out.append(
            PhotoSpec(
                kind=k.name,
                color=rng.choice(sorted(COLORS)) if k.colorable and rng.random() < 0.8 else None,
                count=rng.randint(1, 6) if k.countable and rng.random() < 0.4 else 1,
                text=rng.choice(["SALE", "LOVE", "ACME", "NYC 1999", "DAD"])
                if k.printable and rng.random() < 0.3
                else None,
                condition=rng.choice(CONDITIONS),
                pattern=rng.choice(PATTERNS) if k.colorable and rng.random() < 0.3 else "plain",
                view=rng.randrange(3),
            )
        )
    return out


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 300
    rng = random.Random(7)
    specs = _specs(n, rng)
    start = time.perf_counter()
    render_photo(specs[0], seed=0)
    print(f"first render (loads fonts, textures): {(time.perf_counter() - start) * 1000:.0f} ms")
    for s in specs[:40]:  # warm the caches the way a long-running site process would have them
        render_photo(s, seed=1)
    samples, cpu = [], []
    for i, s in enumerate(specs):
        t, c = time.perf_counter(), time.process_time()
        render_photo(s, size=(640, 480), seed=1000 + i)
        samples.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    report("render_photo 640x480 (random specs)", samples)
    # CPU time of this process: the figure that matters on a machine shared with other work
    report("render_photo 640x480 CPU time", cpu)
    samples = []
    for i, s in enumerate(specs[:100]):
        t = time.perf_counter()
        render_photo(s, size=(320, 240), seed=2000 + i)
        samples.append(time.perf_counter() - t)
    report("render_photo 320x240", samples)
    samples = []
    for i, s in enumerate(specs[:100]):
        t = time.perf_counter()
        make_input_image(s, seed=3000 + i, style="sketch" if i % 2 else "photo")
        samples.append(time.perf_counter() - t)
    report("make_input_image 512x384 (photo/sketch)", samples)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
