# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# sysbench cpu (prime numbers up to 10000, sysbench's default) at 1 thread and at one per CPU.
profile_about='sysbench cpu at 1 thread and one per CPU (--threads; runtime default 10 s)'
profile_tools='sysbench'
profile_default_size=''
profile_default_runtime=10
profile_default_threads="1 $(getconf _NPROCESSORS_ONLN 2>/dev/null || printf 1)"

profile_space() {
  printf '0\n'
}

profile_run() {
  for pc_threads in $BF_THREADS; do
    bf_capture sysbench "cpu-t$pc_threads" txt "cpu-t$pc_threads" -- \
      sysbench "$BF_SB_CPU" "$BF_SB_THREADS=$pc_threads" "$BF_SB_TIME=$BF_RUNTIME" "$BF_SB_EVENTS" run
  done
}
