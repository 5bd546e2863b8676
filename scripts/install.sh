#!/usr/bin/env bash
# Idempotent install: system packages (Chromium, ChromeDriver, fonts; docker-compose for the compose checks)
# from Debian when missing, then a .venv with this project installed.
# A second run checks and returns in a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/bin/chromedriver ] || need_apt+=(chromium-driver)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need_apt+=(fonts-noto-color-emoji)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt+=(fonts-dejavu-core)
command -v docker-compose >/dev/null 2>&1 || need_apt+=(docker-compose)

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "install: Debian packages missing: ${need_apt[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
      echo "install: not root and no sudo; install these Debian packages yourself: ${need_apt[*]}" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # docker-compose is wanted (tests validate the compose files with it) but optional: never fail on it.
  required=(); optional=()
  for p in "${need_apt[@]}"; do
    case "$p" in docker-compose) optional+=("$p");; *) required+=("$p");; esac
  done
  if [ ${#required[@]} -gt 0 ]; then
    $SUDO apt-get install -y -qq --no-install-recommends "${required[@]}"
  fi
  for p in "${optional[@]}"; do
    $SUDO apt-get install -y -qq --no-install-recommends "$p" || echo "install: optional package $p not installed"
  done
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "install: creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi

# Reinstall the project only when its metadata changed since the last install.
stamp="$VENV/.installed-pyproject"
if [ ! -f "$stamp" ] || ! cmp -s pyproject.toml "$stamp"; then
  echo "install: installing the project into $VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q -e .
  cp pyproject.toml "$stamp"
fi

[ -f .env ] || cp .env.example .env
echo "install: ok ($("$VENV/bin/python" --version), $(/usr/bin/chromium --version 2>/dev/null | head -1))"
