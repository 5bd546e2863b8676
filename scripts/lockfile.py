"""The Python lock: which file belongs to which extras, whether it was compiled from the current pyproject.toml,
and whether the venv holds exactly what it pins.

    python scripts/lockfile.py path [EXTRAS]     the lock file for EXTRAS ("models", "browsergym" or "")
    python scripts/lockfile.py digest            the digest of pyproject.toml's dependencies (the lock's header)
    python scripts/lockfile.py check LOCK        exit 1 when LOCK was compiled from other dependencies
    python scripts/lockfile.py installed LOCK    exit 1 unless every package LOCK pins is installed at that version
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCKS = {
    "models": ROOT / "requirements" / "lock.txt",
    "": ROOT / "requirements" / "lock-base.txt",
    "browsergym": ROOT / "requirements" / "lock-browsergym.txt",
}  # models, ray and browsergym
HEADER = "# pyproject-dependencies-sha256: "
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def digest() -> str:
    """sha256 of what a lock is compiled from: the dependencies, the extras, the build requirements, the torch
    override."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    inputs = {
        "dependencies": project["project"].get("dependencies", []),
        "optional": project["project"].get("optional-dependencies", {}),
        "build": project.get("build-system", {}).get("requires", []),
        "extra inputs": [(ROOT / "requirements" / n).read_text() for n in ("build.in", "torch-cpu.txt")],
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def pins(lock: Path) -> dict[str, str]:
    out = {}
    for line in Path(lock).read_text().splitlines():
        m = PIN.match(line)
        if m:
            out[_normal(m.group(1))] = m.group(2)
    return out


def header_digest(lock: Path) -> str | None:
    for line in Path(lock).read_text().splitlines():
        if line.startswith(HEADER):
            return line[len(HEADER) :].strip()
    return None


def check(lock: Path) -> list[str]:
    if not Path(lock).is_file():
        return [f"{lock}: no such lock file (make lock)"]
    found = header_digest(lock)
    if found != digest():
        return [
            f"{lock} was compiled from other dependencies than pyproject.toml now lists "
            f"(header {found}, now {digest()}): run `make lock` and commit it"
        ]
    return []


def installed(lock: Path) -> list[str]:
    problems = []
    for name, version in sorted(pins(lock).items()):
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            problems.append(f"{name}: not installed (lock: {version})")
            continue
        if have != version:
            problems.append(f"{name}: {have} installed, the lock pins {version}")
    return problems


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "path":
        extras = rest[0] if rest else "models"
        if extras not in LOCKS:
            print(f"no lock for extras {extras!r} (locks exist for: models, browsergym, none)", file=sys.stderr)
            return 1
        print(LOCKS[extras].relative_to(ROOT))
        return 0
    if cmd == "digest":
        print(digest())
        return 0
    if cmd in ("check", "installed") and len(rest) == 1:
        problems = check(Path(rest[0])) if cmd == "check" else installed(Path(rest[0]))
        for line in problems:
            print(f"lock: {line}", file=sys.stderr)
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
