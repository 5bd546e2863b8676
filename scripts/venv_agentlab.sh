#!/usr/bin/env bash
# make venv-agentlab: AgentLab's own venv (run/venv-agentlab), exactly requirements/lock-agentlab.txt (every package
# at its locked version, checked against its sha256), with the project installed into it without dependencies.
# AgentLab 0.4.2 needs openai<2 and BrowserGym's meta-package, which move pins of the project's lock, hence a venv
# apart. Idempotent: a second run checks a stamp and returns at once.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=${AGENTLAB_VENV:-run/venv-agentlab}
LOCK=requirements/lock-agentlab.txt
python3 scripts/lockfile.py check "$LOCK"
stamp="$VENV/.installed-lock"
want="$(cat "$LOCK" pyproject.toml)"
if [ -f "$stamp" ] && [ "$want" = "$(cat "$stamp")" ]; then
  exit 0
fi
start=$(date +%s)
[ -x "$VENV/bin/python" ] || { echo "venv-agentlab: creating $VENV"; "$PYTHON" -m venv "$VENV"; }
echo "venv-agentlab: installing $LOCK into $VENV"
"$VENV/bin/pip" install -q --require-hashes --no-deps -r "$LOCK"
"$VENV/bin/pip" install -q --no-deps --no-build-isolation -e .
"$VENV/bin/python" scripts/lockfile.py installed "$LOCK"
printf '%s' "$want" > "$stamp"
echo "venv-agentlab: ok ($(( $(date +%s) - start )) s, $(du -sm "$VENV" | cut -f1) MB)"
