#!/usr/bin/env bash
# `make lock`: recompile the Python locks (exact versions and sha256 hashes of every package, with uv) from
# pyproject.toml, and record the Debian packages installed now as the ones the lock is tested with.
# Run it on purpose after changing a dependency, then run `make test` and commit requirements/.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
[ -x "$VENV/bin/uv" ] || "$VENV/bin/pip" install -q uv
digest=$("$VENV/bin/python" scripts/lockfile.py digest)
compile() {   # compile OUT SEED [uv args...]: SEED (an earlier lock) gives uv its preferred versions, so a new
  local out=$1 seed=$2; shift 2   # dependency adds packages without moving the others (rm the lock to upgrade all)
  if [ -f "$seed" ]; then cp "$seed" "$out.tmp"; else rm -f "$out.tmp"; fi
  "$VENV/bin/uv" pip compile pyproject.toml requirements/build.in "$@" --generate-hashes --no-header \
    --python-version 3.11 --python-platform x86_64-manylinux_2_28 --find-links /opt/wheels \
    --override requirements/torch-cpu.txt --quiet -o "$out.tmp"
  { echo "# The Python lock (make lock writes it; make install installs it with --require-hashes)."
    echo "$HEADER_LINE$digest"; cat "$out.tmp"; } > "$out"
  rm -f "$out.tmp"
  echo "lock: $out ($(grep -c '==' "$out") packages)"
}
HEADER_LINE="# pyproject-dependencies-sha256: "
# the dev extra (ruff, mypy: make test's checks) in the two locks make install installs, not in the base lock (the
# container image) nor in AgentLab's
compile requirements/lock.txt requirements/lock.txt --extra models --extra ray --extra dev
compile requirements/lock-base.txt requirements/lock-base.txt
compile requirements/lock-browsergym.txt requirements/lock.txt --extra models --extra ray --extra browsergym --extra dev
# AgentLab's own venv (make venv-agentlab): the base dependencies and requirements/agentlab.in, apart (it moves pins)
compile requirements/lock-agentlab.txt requirements/lock-browsergym.txt requirements/agentlab.in
"$VENV/bin/python" scripts/lock_one_platform.py requirements/lock-agentlab.txt   # one hash a package: 36 KB, not 390
{ sed -n '/^#/p' requirements/debian.txt
  dpkg-query -W -f='${Package}=${Version}\n' \
    chromium chromium-driver fonts-dejavu-core fonts-noto-color-emoji kiwix-tools
} > requirements/debian.txt.tmp && mv requirements/debian.txt.tmp requirements/debian.txt
echo "lock: requirements/debian.txt (the Debian packages installed now)"
