#!/bin/sh
# guard.sh RUNNER_PID [PARENT_PID]: started by benchfolio-run beside its run (start_guard in
# run.sh), with the runner's PID; run with sh, never sourced.
#
# The guard: a small process started beside the run that outlives it only to stop
# what it left running. iostat never ends by itself, and a benchmark runs on for its whole
# runtime: when the runner is killed by a signal it cannot trap (SIGKILL, the OOM killer), its
# EXIT trap never runs and nothing else would stop them. The guard polls, once a second, whether
# the runner's process still exists (ps, not kill -0, so it works for any user) and notes the
# runner's children (iostat, the benchmark) with their start times; once the runner is gone it
# sends TERM, then KILL 5 s later, to each of those that is still the same process (same PID,
# same start: a PID used again by another process is never signalled). Polling is the robust
# choice here: a pipe whose end the runner holds would also close when it dies, but every child
# would inherit that end (POSIX sh cannot mark it close-on-exec) and keep it open. Under
# --loopback the guard of each filesystem's run also watches the invocation that made the image
# (--parent-pid): if that one dies, the run is sent TERM and cleans up as on Ctrl-C. The guard is
# a child of the runner: run_cleanup stops it with the others (TERM ends it at once).

set -u
runner=$1
parent=${2-}

# started PID: when the process PID started (ps's lstart, one blank between words); nothing once
# it has ended (a zombie has ended: it only waits for its parent to read its status).
started() {
  ps -o stat= -o lstart= -p "$1" 2>/dev/null | awk '$1 !~ /^Z/ { $1 = ""; sub(/^ /, ""); print }'
}

# children: "PID START" of each process whose parent is the runner, this guard aside.
children() {
  ps -e -o ppid= -o pid= -o lstart= 2>/dev/null |
    awk -v runner="$runner" -v self="$$" '$1 == runner && $2 != self { $1 = ""; sub(/^ /, ""); print }'
}

# signal_seen SIGNAL: SIGNAL (0: none, a test) to each process noted that is still the same
# process; fails when none is.
signal_seen() {
  sent=1
  while read -r pid start; do
    test -n "$pid" || continue
    test "$(started "$pid")" = "$start" || continue
    kill "-$1" "$pid" 2>/dev/null && sent=0
  done <<SEEN
$seen
SEEN
  return "$sent"
}

# The runner as it is now: a PID used again later by another process has another start.
runner_start=$(started "$runner")
seen=''
while test -n "$runner_start" && test "$(started "$runner")" = "$runner_start"; do
  if test -n "$parent" && test -z "$(started "$parent")"; then
    # The --loopback invocation is gone: the run stops and cleans up as on Ctrl-C.
    kill -TERM "$runner" 2>/dev/null
    parent=''
  fi
  seen=$(children)
  sleep 1
done
signal_seen TERM || exit 0
tries=25
while test "$tries" -gt 0 && signal_seen 0; do
  sleep 0.2 2>/dev/null || sleep 1
  tries=$((tries - 1))
done
signal_seen KILL || true
