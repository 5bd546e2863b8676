"""Float arithmetic that gives the same bits on every x86-64 CPU.

numpy hands some operations to code chosen at run time by the CPU: `a @ b` goes to OpenBLAS, whose
kernels (Haswell, SkylakeX, ...) sum in different orders and fuse multiply-adds differently, and
`np.sin`, `np.power` and friends go to SIMD implementations (AVX2, AVX-512) that round differently in
the last bit. One bit is enough to move a pixel by a level after scaling and rounding, so a photo
rendered on one machine would differ from the same photo rendered on another.

What numpy computes the same everywhere: +, -, *, / and sqrt element by element (IEEE 754 rounds each
correctly, and separate ufunc calls are never fused), floor, mod, comparisons and selections. This
module builds what the renderers need from those alone. `tests/imagery/test_portable_bytes.py` renders
a sample of every kind of image under several numpy dispatch targets and OpenBLAS kernels and checks
the bytes are equal.
"""

from __future__ import annotations

import numpy as np

LUMA_WEIGHTS = (0.299, 0.587, 0.114)  # ITU-R BT.601, as PIL's "L" conversion uses

_TWO_PI = 2.0 * np.pi


def luma(rgb: np.ndarray) -> np.ndarray:
    """Brightness of RGB values (last axis of length 3), in the array's float type, summed in a fixed order
    (a matrix product would go to BLAS, whose result depends on the CPU)."""
    r, g, b = LUMA_WEIGHTS
    return rgb[..., 0] * r + rgb[..., 1] * g + rgb[..., 2] * b


def sin(x: np.ndarray) -> np.ndarray:
    """sin(x) to about 1e-7, float64, from + - * and floor only (np.sin's SIMD paths differ by CPU).
    Good for textures and waves, not for science."""
    x = np.asarray(x, dtype=np.float64)
    # reduce to t in [-pi, pi), then fold to [-pi/2, pi/2] where the odd polynomial converges fast
    t = x - _TWO_PI * np.floor(x / _TWO_PI + 0.5)
    t = np.where(t > np.pi / 2, np.pi - t, t)
    t = np.where(t < -np.pi / 2, -np.pi - t, t)
    u = t * t
    # sin t = t * (a0 + a1 u + ... + a7 u^7), a_k = (-1)^k / (2k+1)!: error below 1e-9 on [-pi/2, pi/2]
    p = np.full_like(t, _SIN_COEFFS[-1])
    for a in reversed(_SIN_COEFFS[:-1]):
        p = p * u + a
    return t * p


_SIN_COEFFS = tuple((-1.0) ** k / float(np.prod(np.arange(1, 2 * k + 2, dtype=np.float64))) for k in range(8))
