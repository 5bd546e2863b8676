"""`make install`'s .env: a copy of .env.example whose RESET_TOKEN is a random token of this machine.

An existing .env is kept as it is, except that an empty RESET_TOKEN or the token once published in
.env.example is replaced by a random one (`python -m sites.envfile [PATH]`).
"""

from __future__ import annotations

import re
import secrets
import sys
from pathlib import Path

from sites.config import PROJECT_ROOT, PUBLISHED_RESET_TOKEN

_LINE = re.compile(r"^RESET_TOKEN=(.*)$", re.M)


def ensure_env(env: Path, example: Path) -> bool:
    """Create `env` from `example` if missing and give it a random reset token if it has none; True if written."""
    text = env.read_text() if env.exists() else example.read_text()
    match = _LINE.search(text)
    current = match.group(1).strip() if match else ""
    if env.exists() and current and current != PUBLISHED_RESET_TOKEN:
        return False
    line = f"RESET_TOKEN={secrets.token_urlsafe(24)}"
    text = _LINE.sub(line, text, count=1) if match else text.rstrip("\n") + f"\n{line}\n"
    env.write_text(text)
    return True


def main(argv: list[str]) -> int:
    env = Path(argv[0]) if argv else PROJECT_ROOT / ".env"
    if ensure_env(env, PROJECT_ROOT / ".env.example"):
        print(f"install: wrote {env.name} with a random RESET_TOKEN")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
