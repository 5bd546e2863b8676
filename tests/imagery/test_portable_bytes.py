"""The generators give the same bytes whatever vector units the CPU has (DESIGN: byte-identical data on any
x86-64 CPU). numpy picks SIMD code at run time and OpenBLAS picks kernels by CPU; both can be told to use the
paths of other CPUs, so one machine can play several: the sample of every kind of data and image
(tests/imagery/portable_sample.py) must come out identical under each."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[2]

# (numpy dispatch targets removed, OpenBLAS kernel): the default of this CPU first, then an AVX2-only and a
# baseline-only numpy, with the BLAS kernels of other CPU generations.
SETTINGS = [
    ("", ""),
    ("X86_V4 AVX512_ICL AVX512_SPR", "Sandybridge"),
    ("X86_V3 X86_V4 AVX512_ICL AVX512_SPR", "Haswell"),
]


def _sample(tmp_path: Path, disable: str, coretype: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NPY_DISABLE_CPU_FEATURES", "OPENBLAS_CORETYPE")}
    if disable:
        env["NPY_DISABLE_CPU_FEATURES"] = disable
    if coretype:
        env["OPENBLAS_CORETYPE"] = coretype
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    data = tmp_path / f"data-{len(disable)}-{coretype or 'default'}"
    proc = run_module("tests.imagery.portable_sample", str(data), env=env, timeout=600)
    assert proc.returncode == 0, (
        f"sample under {disable or 'all targets'} / {coretype or 'default BLAS'}: {proc.stderr[-2000:]}"
    )
    return json.loads(proc.stdout)


@pytest.mark.slow
def test_every_generator_gives_the_same_bytes_on_every_vector_unit(tmp_path):
    first = _sample(tmp_path, *SETTINGS[0])
    kinds = {name.split("/")[0] for name in first}
    assert {"classifieds", "shopping", "reddit", "task-image", "forum", "wikipedia"} <= kinds, kinds
    for disable, coretype in SETTINGS[1:]:
        other = _sample(tmp_path, disable, coretype)
        differ = sorted(k for k in first if first[k] != other.get(k))
        assert not differ, (
            f"with NPY_DISABLE_CPU_FEATURES={disable!r} OPENBLAS_CORETYPE={coretype!r} these "
            f"differ from the default paths: {differ}"
        )


def test_the_portable_functions_match_numpy_closely():
    import numpy as np

    from sites.imagery.portable import luma, sin

    x = np.linspace(-2000.0, 2000.0, 400_001)
    assert np.abs(sin(x) - np.sin(x)).max() < 1e-8
    rgb = np.random.default_rng(0).random((50, 40, 3)).astype(np.float32) * 255
    assert luma(rgb).dtype == np.float32
    assert np.abs(luma(rgb) - rgb @ np.array([0.299, 0.587, 0.114], np.float32)).max() < 1e-3


def test_the_renderers_use_no_cpu_dependent_numpy_paths():
    """A source check that keeps the rule visible: no matrix products (BLAS) and no SIMD transcendental
    functions in the generators' image code; use sites.imagery.portable instead."""
    import re

    banned = re.compile(
        r"(?<![\w.])(np\.(sin|cos|tan|exp|log|log2|log10|power|arctan2|arctan|tanh|dot|matmul|"
        r"einsum|inner|tensordot)\()|(\s@\s)|(\*\*\s*[0-9.]*\.[0-9])"
    )
    found = []
    for path in sorted((ROOT / "sites" / "imagery").glob("*.py")) + sorted((ROOT / "sites" / "wikipedia").glob("*.py")):
        if path.name == "portable.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if banned.search(code) and not code.lstrip().startswith(('"', "'")):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "CPU-dependent numpy in a generator:\n" + "\n".join(found)
