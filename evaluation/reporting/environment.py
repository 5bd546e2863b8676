"""What a run ran on: Python, the key packages, Chromium and ChromeDriver, the CPU and the paths numpy and
OpenBLAS chose on it. Written to a run folder as environment.json when the run starts, copied into
summary.json, and compared by `make verify` and the report, so two numbers that differ can be traced to
a different browser or library before anyone suspects the agent.

    describe()              the record of this process's machine (dict of str -> str)
    differences(a, b)       the keys whose values differ, as readable lines
    write(run_dir)          describe() into run_dir/environment.json (kept when it is already there)
    read(run_dir)           that record, or None
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from sites.debian import browser_versions, debian_installed, debian_lock

FILE = "environment.json"
_WRITTEN: dict[Path, dict[str, Any]] = {}  # run folder file -> its record, in this process

# packages whose version can change a page, a pixel, a token or a score
KEY_PACKAGES = (
    "selenium",
    "numpy",
    "pillow",
    "scikit-image",
    "nltk",
    "flask",
    "waitress",
    "libzim",
    "openai",
    "torch",
    "transformers",
    "pytest",
    "pytest-xdist",
)


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _numpy_paths() -> dict[str, str]:
    try:
        import numpy

        umath = importlib.import_module("numpy._core._multiarray_umath")  # numpy 2 (private: no stubs)
    except ImportError:
        return {}
    features = getattr(umath, "__cpu_features__", {})
    dispatch = [t for t in getattr(umath, "__cpu_dispatch__", []) if features.get(t)]
    out = {"numpy dispatch": " ".join(dispatch) or "baseline"}
    try:
        config = numpy.show_config(mode="dicts")
        blas = config.get("Build Dependencies", {}).get("blas", {})
        out["blas"] = f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception:  # show_config's layout is not a stable API: the record simply lacks the line
        pass
    return out


def describe() -> dict[str, str]:
    record = {
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "cpu": _cpu_model(),
    }
    for name in KEY_PACKAGES:
        try:
            record[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            record[name] = "not installed"
    record.update(browser_versions())
    record.update(_numpy_paths())
    record.update({f"deb {name}": version for name, version in debian_installed(tuple(debian_lock())).items()})
    return record


def differences(
    a: dict[str, Any] | None, b: dict[str, Any] | None, names: tuple[str, str] = ("first", "second")
) -> list[str]:
    """One line per key whose value differs (a key missing on one side counts as a difference)."""
    if not a or not b:
        return []
    return [
        f"{key}: {a.get(key, 'unrecorded')} ({names[0]}) vs {b.get(key, 'unrecorded')} ({names[1]})"
        for key in sorted(set(a) | set(b))
        if a.get(key) != b.get(key)
    ]


def write(run_dir: Path) -> dict[str, Any]:
    """Record the environment of a run when it starts (a resumed run keeps the first record, and a resume on
    another machine is named by `differences` against it)."""
    path = Path(run_dir) / FILE
    if path in _WRITTEN:  # called before every task: the file is read once per process
        return _WRITTEN[path]
    record = read(run_dir)
    if record is None:
        record = describe()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{FILE}.{os.getpid()}")  # two workers may write it at once: whole or not at all
        tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    _WRITTEN[path] = record
    return record


def read(run_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((Path(run_dir) / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


if __name__ == "__main__":
    json.dump(describe(), sys.stdout, indent=1, sort_keys=True)
    print()
