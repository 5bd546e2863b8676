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
[ -x /usr/bin/kiwix-serve ] || need_apt+=(kiwix-tools)   # serves the Wikipedia ZIM (Debian: kiwix-serve 3.3.0)
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

# EXTRAS: optional extras of pyproject.toml (EXTRAS=models,browsergym, the default: BLIP-2 through transformers, the
# tests need it, a tiny BLIP-2 is built and loaded through the real code; and the suites as a BrowserGym benchmark,
# which make test runs: requirements/lock-browsergym.txt, the full lock plus BrowserGym and Playwright, no pin moved).
# EXTRAS=models for the full lock without BrowserGym; EXTRAS= (empty) installs the project alone. Both locks of
# extras hold the dev extra too (ruff and mypy, which make test runs); the base lock does not.
# LOCK: the default installs exactly the lock of those extras (requirements/lock.txt or lock-base.txt: every
# package at its locked version, checked against its sha256; `make lock` rewrites them). LOCK=none resolves
# pyproject.toml's ranges instead, with TORCH_SPEC (default torch==2.13.0, the CPU build pip takes from this
# kind of machine's disk; TORCH_SPEC=torch on a GPU machine).
EXTRAS=${EXTRAS-models,browsergym}
LOCK=${LOCK:-auto}
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
if [ "$LOCK" = auto ]; then
  case "$EXTRAS" in
    models) LOCK=requirements/lock.txt ;;
    browsergym|models,browsergym|browsergym,models) LOCK=requirements/lock-browsergym.txt ;;   # models, ray, browsergym
    "") LOCK=requirements/lock-base.txt ;;
    *) echo "install: no lock for EXTRAS=$EXTRAS; installing unlocked (LOCK=none)"; LOCK=none ;;
  esac
fi
target="."
[ -n "$EXTRAS" ] && target=".[$EXTRAS,dev]"   # the dev extra (ruff, mypy) with any extras, as in their locks
# Reinstall only when the project's metadata, the lock or the choice changed since the last install.
stamp="$VENV/.installed-pyproject"
want="$(cat pyproject.toml; [ "$LOCK" != none ] && cat "$LOCK"; echo "extras=$EXTRAS lock=$LOCK torch=$TORCH_SPEC")"
if [ ! -f "$stamp" ] || [ "$want" != "$(cat "$stamp")" ]; then
  if [ "$LOCK" != none ]; then
    "$VENV/bin/python" scripts/lockfile.py check "$LOCK"
    echo "install: installing $LOCK into $VENV"
    "$VENV/bin/pip" install -q --require-hashes --no-deps -r "$LOCK"
    "$VENV/bin/pip" install -q --no-deps --no-build-isolation -e .
    "$VENV/bin/python" scripts/lockfile.py installed "$LOCK"
  else
    echo "install: installing the project into $VENV${EXTRAS:+ with extras [$EXTRAS]} (unlocked)"
    "$VENV/bin/pip" install -q --upgrade pip
    case ",$EXTRAS," in *,models,*) "$VENV/bin/pip" install -q "$TORCH_SPEC";; esac
    "$VENV/bin/pip" install -q -e "$target"
  fi
  printf '%s' "$want" > "$stamp"
fi

# .env: a copy of .env.example with a random reset token of this machine (sites/envfile.py).
"$VENV/bin/python" -m sites.envfile
# The data set the task suites are written for (make test's sites): generated once, half a second to check after.
if ! data_log="$("$VENV/bin/python" -m sites data --suite 2>&1)"; then
  printf '%s\n' "$data_log" >&2
  echo "install: generating the task suites' data set failed (above)" >&2
  exit 1
fi
printf '%s\n' "$data_log" | grep -E '^[a-z]+: (generated|built)' | sed 's/^/install: /' || true
# The task suites' pictures (input images, sight pictures) are generated, not committed: written once from the
# builders and the data set above, checked in a fraction of a second after (each file the task files name exists).
if ! pictures_log="$("$VENV/bin/python" -m tasks.build --pictures --if-missing 2>&1)"; then
  printf '%s\n' "$pictures_log" >&2
  echo "install: writing the task suites' pictures failed (above)" >&2
  exit 1
fi
printf '%s\n' "$pictures_log" | grep -E 'pictures written' | sed 's/^/install: /' || true
echo "install: ok ($("$VENV/bin/python" --version), $(/usr/bin/chromium --version 2>/dev/null | head -1))"
