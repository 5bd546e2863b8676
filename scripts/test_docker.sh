#!/usr/bin/env bash
# make test-docker: the embedded sites as containers on a real Docker engine, end to end.
#  1. installs what is missing (Debian's docker.io and docker-compose; debootstrap when a base must be made),
#  2. starts an engine when none answers (and stops only that one at the end),
#  3. gets a base image: BASE_IMAGE if set (pulled when missing), else python:3.11-slim when present or
#     pullable, else one made offline (scripts/docker_base.sh: debootstrap of Debian bookworm + docker import),
#  4. builds vwa-arena:latest from compose/Dockerfile with the locked dependencies (on the host network), twice:
#     the second build shows the cache,
#     then runs tests/docker/test_real_engine.py (the docker stack's code paths on this engine),
#  5. brings up compose/embedded.yml (five containers, their own network and volume, ports on 127.0.0.1 only, on
#     free ports) and waits for every healthcheck: `make up STACK=compose`,
#  6. `make status` and `make reset` on the containers,
#  7. the classifieds suite with the reference agent (every task 1, a reset through the container's reset route
#     before each task); mid-run the classifieds container's process is killed with SIGKILL, the engine's restart
#     policy brings it back, and the run recovers (the task in flight retried, nothing lost),
#  8. the multi-site suite the same way (all five sites),
#  9. `make down STACK=compose`: no container, network or volume of the project left.
# Timings go to run/docker/timings.txt and the end of the output. No fixed sleeps: every wait polls a condition.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
WORK=${WORK:-run/docker}
E2E_NAME=test-docker
source scripts/e2e.sh
export COMPOSE_PROJECT_NAME=${COMPOSE_PROJECT_NAME:-vwa-test-docker}
export EMBEDDED_NETWORK=${EMBEDDED_NETWORK:-vwa-test-docker}
export EMBEDDED_IMAGE=${EMBEDDED_IMAGE:-vwa-arena:latest}
export STACK=compose
KILL_AFTER=${KILL_AFTER:-20}      # results before the classifieds container is killed
SHARD=${SHARD:-}                  # I/N: only that fixed share of each suite (CI's time budget); empty: every task

# ---- 1. packages
need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v docker-compose >/dev/null || docker compose version >/dev/null 2>&1 || need+=(docker-compose)
if [ -z "${BASE_IMAGE:-}" ] && ! command -v debootstrap >/dev/null; then need+=(debootstrap); fi
install_missing "${need[@]}"
[ -x "$PY" ] || bash scripts/install.sh

# ---- 2. engine
STARTED_PID=""
stop_engine() {
  if [ -n "$STARTED_PID" ] && kill -0 "$STARTED_PID" 2>/dev/null; then
    say "stopping the engine this run started (pid $STARTED_PID)"
    $SUDO kill -TERM "$STARTED_PID"
    while kill -0 "$STARTED_PID" 2>/dev/null; do wait "$STARTED_PID" 2>/dev/null || true; done
  fi
}
trap stop_engine EXIT
if ! docker info >/dev/null 2>&1; then
  say "no engine answers: starting dockerd (log: $WORK/dockerd.log)"
  t=$(now)
  $SUDO dockerd >"$WORK/dockerd.log" 2>&1 &
  STARTED_PID=$!
  until docker info >/dev/null 2>&1; do
    if ! kill -0 "$STARTED_PID" 2>/dev/null; then tail -20 "$WORK/dockerd.log" >&2; say "dockerd exited"; exit 1; fi
    if awk -v a="$t" -v b="$(now)" 'BEGIN { exit !(b - a > 120) }'; then
      say "dockerd did not answer in 120 s"; exit 1
    fi
    sleep 0.2      # poll interval of the wait for the engine
  done
  record "engine start" "$t"
fi

# ---- 3. base image
base=${BASE_IMAGE:-}
if [ -z "$base" ]; then
  if docker image inspect python:3.11-slim >/dev/null 2>&1 || docker pull -q python:3.11-slim >/dev/null 2>&1; then
    base=python:3.11-slim
  else
    say "no registry answers: making a base image offline"
    base=vwa-arena-base:bookworm
    t=$(now)
    WORK="$WORK" bash scripts/docker_base.sh "$base"
    record "base image" "$t"
  fi
elif ! docker image inspect "$base" >/dev/null 2>&1; then
  docker pull "$base"
fi
say "base image $base"

# ---- 4. image (twice: the second is the cached build)
for build in first cached; do
  t=$(now)
  docker build -q --network host --build-arg "BASE_IMAGE=$base" -f compose/Dockerfile -t "$EMBEDDED_IMAGE" . \
    >"$WORK/build-$build.log" 2>&1 || { tail -30 "$WORK/build-$build.log" >&2; exit 1; }
  record "build ($build)" "$t"
done
size=$(docker image inspect -f '{{.Size}}' "$EMBEDDED_IMAGE" | awk '{printf "%.0f MB", $1/1e6}')
printf '%-30s %s\n' "image size" "$size" | tee -a "$TIMINGS"

# ---- the docker stack's own code paths on this engine (tests/docker/test_real_engine.py, with this image)
t=$(now)
"$PY" -m pytest tests/docker/test_real_engine.py -q -p no:cacheprovider -p no:xdist
record "real-engine tests" "$t"

# ---- 5. up, on free ports of 127.0.0.1, with one reset token for the containers and the harness
while IFS='=' read -r name value; do export "$name=$value"; done < <("$PY" - <<'EOF'
import secrets, socket
from sites.config import SITES
from sites.launchers import LAUNCHERS
socks = []
for site in LAUNCHERS:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s)
    var, port = SITES[site][0], s.getsockname()[1]
    print(f"{var}=http://127.0.0.1:{port}")
    print(f"{var}_PORT={port}")
print(f"RESET_TOKEN={secrets.token_hex(16)}")
EOF
)
say "sites on 127.0.0.1: $(env | grep -E '^[A-Z]+_PORT=' | sort | tr '\n' ' ')"
make --no-print-directory down STACK=compose >/dev/null 2>&1 || true     # what an interrupted run left
t=$(now)
make --no-print-directory up STACK=compose
record "up to healthy" "$t"
trap 'make --no-print-directory down STACK=compose || true; stop_engine' EXIT

# ---- 6. status and reset on the containers
make --no-print-directory status STACK=compose
make --no-print-directory reset STACK=compose

# ---- 7. the classifieds suite, with one container killed mid-run
suite() {  # suite NAME TASK_FILE: the reference agent over every task, one worker (the containers are shared)
  rm -rf "$WORK/results-$1"
  "$PY" -m pytest tasks -q -p no:cacheprovider -p no:xdist --stack compose --agent reference --retries 1 \
    --task-file "$2" --results "$WORK/results-$1" ${SHARD:+--shard "$SHARD"}
}
container=$(docker ps -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" \
            --filter "label=com.docker.compose.service=classifieds")
restarts_before=$(docker inspect -f '{{.RestartCount}}' "$container")
kill_container() {  # kill_container RESULTS_FILE: SIGKILL to the classifieds container's process
  local pid
  pid=$(docker inspect -f '{{.State.Pid}}' "$container")
  say "killing the classifieds container's process $pid with SIGKILL after $(wc -l <"$1") results"
  $SUDO kill -KILL "$pid"
}
t=$(now)
rm -rf "$WORK/results-classifieds"     # before the watch starts: an earlier run's results must not trigger the kill
suite classifieds tasks/classifieds.json &
run=$!
results="$WORK/results-classifieds/results.jsonl"
kill_midway "$run" "$results" "$KILL_AFTER" 1 kill_container "$results"
wait "$run" || { say "the classifieds suite failed"; exit 1; }
record "classifieds suite" "$t"
restarts_after=$(docker inspect -f '{{.RestartCount}}' "$container")
say "classifieds container restarts: $restarts_before -> $restarts_after"
[ -n "$KILLED" ] || { say "the run ended before $KILL_AFTER results: nothing was killed"; exit 1; }
[ "$restarts_after" -gt "$restarts_before" ] || { say "the restart policy did not restart the container"; exit 1; }
"$PY" scripts/docker_results.py "$WORK/results-classifieds" tasks/classifieds.json --expect-recovery \
  ${SHARD:+--shard "$SHARD"}

# ---- 8. the multi-site suite
t=$(now)
suite multisite tasks/multisite.json
record "multi-site suite" "$t"
"$PY" scripts/docker_results.py "$WORK/results-multisite" tasks/multisite.json ${SHARD:+--shard "$SHARD"}
make --no-print-directory status STACK=compose

# ---- 9. down: nothing of the project left
t=$(now)
make --no-print-directory down STACK=compose
record "down" "$t"
trap stop_engine EXIT
left=$(docker ps -aq --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME")
[ -z "$left" ] || { say "containers left: $left"; exit 1; }
say "passed; timings:"
cat "$TIMINGS"
