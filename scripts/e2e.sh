# What the end-to-end scripts share (sourced by scripts/test_docker.sh and scripts/test_grid.sh, after they set
# E2E_NAME and WORK): the timings file, Debian packages installed when missing, and the watch that kills a piece of
# the stack mid-run. No fixed sleeps: every wait polls a condition.
mkdir -p "$WORK"
TIMINGS="$WORK/timings.txt"
: >"$TIMINGS"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
record() {  # record NAME START [NOTE]: the seconds since START, to the output and the timings file
  printf '%-30s %8s s %s\n' "$1" "$(since "$2")" "${3:-}" | tee -a "$TIMINGS"
}
say() { echo "$E2E_NAME: $*"; }

install_missing() {  # install_missing PACKAGE...: the Debian packages named (none: nothing), timed
  [ $# -gt 0 ] || return 0
  say "installing $*"
  local t
  t=$(now)
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  record "install packages" "$t"
}

kill_midway() {  # kill_midway PID RESULTS_FILE AFTER POLL COMMAND...: while PID runs, polls every POLL seconds;
  # once RESULTS_FILE holds AFTER lines, runs COMMAND (again at the next poll while it fails). KILLED=yes after it
  # succeeded, else empty.
  # its locals are named apart: bash scopes them dynamically, so COMMAND would see a local `results` or `run`
  local km_pid=$1 km_file=$2 km_after=$3 km_poll=$4
  shift 4
  KILLED=""
  while kill -0 "$km_pid" 2>/dev/null; do
    if [ -z "$KILLED" ] && [ -f "$km_file" ] && [ "$(wc -l <"$km_file")" -ge "$km_after" ] && "$@"; then
      KILLED=yes
    fi
    sleep "$km_poll"   # poll interval of the watch on the results and the run
  done
}
