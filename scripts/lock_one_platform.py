"""Keep, in a hashed lock, only the hash of the file pip installs on this kind of machine (Python 3.11, x86_64
Linux): `uv pip compile --generate-hashes` lists a hash for every file of a release (every platform's wheel and the
sdist), which makes a lock of AgentLab's 238 packages about 400 KB. pip's own resolver, in a dry run with the same
pins (no dependency resolution, no download but metadata), reports the file it would take; its hash must be one
of those uv wrote, else the script stops.

    python scripts/lock_one_platform.py requirements/lock-agentlab.txt

make lock runs it after compiling requirements/lock-agentlab.txt (scripts/lock.sh).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)")
HASH = re.compile(r"--hash=sha256:([0-9a-f]{64})")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def blocks(text: str) -> list[str]:
    """The lock's blocks: a comment line, or a pin with its hash and `# via` lines."""
    return re.split(r"\n(?=[A-Za-z0-9#])", text.rstrip("\n"))


def chosen_hashes(pins: list[str]) -> dict[str, str]:
    """name -> sha256 of the file pip would install for each pin here."""
    with tempfile.TemporaryDirectory() as tmp:
        requirements, report = Path(tmp) / "pins.txt", Path(tmp) / "report.json"
        requirements.write_text("\n".join(pins) + "\n")
        command = [sys.executable, "-m", "pip", "install", "-q", "--dry-run", "--ignore-installed", "--no-deps"]
        command += ["--prefer-binary", "--report", str(report), "-r", str(requirements)]
        subprocess.run(command, check=True)
        installs = json.loads(report.read_text())["install"]
    return {
        _normal(item["metadata"]["name"]): item["download_info"]["archive_info"]["hashes"]["sha256"]
        for item in installs
    }


def slim(lock: Path) -> int:
    parts = blocks(lock.read_text())
    pins = [PIN.match(p).group(0) for p in parts if PIN.match(p)]  # type: ignore[union-attr]
    chosen = chosen_hashes(pins)
    out = []
    for part in parts:
        m = PIN.match(part)
        if not m:
            out.append(part)
            continue
        name, listed = _normal(m.group(1)), HASH.findall(part)
        if chosen.get(name) not in listed:
            raise SystemExit(f"{lock}: pip would install {name} with sha256 {chosen.get(name)}, not a hash uv listed")
        via = [line for line in part.splitlines() if line.lstrip().startswith("#")]
        out.append("\n".join([f"{m.group(0)} \\", f"    --hash=sha256:{chosen[name]}", *via]))
    lock.write_text("\n".join(out) + "\n")
    return len(pins)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(f"lock: {path}: one hash per package ({slim(Path(path))} packages)")
