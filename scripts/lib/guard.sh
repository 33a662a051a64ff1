#!/bin/sh
# guard.sh RUNNER_PID RUN_ID [PARENT_PID]: started by benchfolio-run beside its run (start_guard
# in run.sh); run with sh, never sourced.
#
# The guard is a small process that outlives the runner only to stop what it left running.
# iostat never ends by itself, and a benchmark runs on for its whole runtime: when the runner is
# killed by a signal it cannot trap (SIGKILL, the OOM killer), its EXIT trap never runs and
# nothing else would stop them. How the guard knows them: the runner exports BF_RUN_ID (its PID
# and start) before it starts anything, so every process it starts, and theirs, carries it in
# its environment (/proc/PID/environ); a process that merely got the same PID later does not.
# Knowing them by their parent would miss one started in the last instant, and once the runner
# is gone they have another parent. The guard polls once a second whether the runner still
# exists (ps, so it works for any user; a zombie has ended) and, once it is gone, sends TERM to
# every process carrying BF_RUN_ID, and KILL to those still there 5 s later. Polling is the
# robust choice: a pipe whose write end only the runner held would close when it dies, but every
# child inherits that end (POSIX sh cannot mark it close-on-exec) and would keep it open.
# Under --loopback the guard of each filesystem's run also watches the invocation that made the
# image (PARENT_PID): if that one dies, the run is sent TERM and cleans up as on Ctrl-C. The
# guard is a child of the runner: run_cleanup stops it with the others (TERM ends it at once).

set -u
runner=$1
run_id=$2
parent=${3-}
# Not carried by what the guard itself runs (ps, sleep): those are not the run's.
unset BF_RUN_ID

# started PID: when the process PID started (ps's lstart); nothing once it has ended.
started() {
  ps -o stat= -o lstart= -p "$1" 2>/dev/null | awk '$1 !~ /^Z/ { $1 = ""; sub(/^ /, ""); print }'
}

# signal_run SIGNAL: SIGNAL (0: none, a test) to every process carrying BF_RUN_ID=run_id; fails
# when there is none.
signal_run() {
  sent=1
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    test "$pid" != "$$" || continue
    tr '\000' '\n' <"$environ" 2>/dev/null | grep -Fqx "BF_RUN_ID=$run_id" || continue
    kill "-$1" "$pid" 2>/dev/null && sent=0
  done
  return "$sent"
}

# The runner as it is now: a PID used again later by another process has another start.
runner_start=$(started "$runner")
while test -n "$runner_start" && test "$(started "$runner")" = "$runner_start"; do
  if test -n "$parent" && test -z "$(started "$parent")"; then
    # The --loopback invocation is gone: the run stops and cleans up as on Ctrl-C.
    kill -TERM "$runner" 2>/dev/null
    parent=''
  fi
  sleep 1
done
signal_run TERM || exit 0
tries=25
while test "$tries" -gt 0 && signal_run 0; do
  sleep 0.2 2>/dev/null || sleep 1
  tries=$((tries - 1))
done
signal_run KILL || true
