# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# sysbench memory (1 KiB blocks, writes, sysbench's defaults) at 1 thread and at one per CPU.
profile_about='sysbench memory at 1 thread and one per CPU (--threads; runtime default 10 s)'
profile_tools='sysbench'
profile_default_size=''
profile_default_runtime=10
profile_default_threads="1 $(getconf _NPROCESSORS_ONLN 2>/dev/null || printf 1)"

profile_space() {
  printf '0\n'
}

profile_run() {
  for pmem_threads in $BF_THREADS; do
    bf_capture sysbench "memory-t$pmem_threads" txt "memory-t$pmem_threads" -- \
      sysbench "$BF_SB_MEMORY" "$BF_SB_THREADS=$pmem_threads" "$BF_SB_TIME=$BF_RUNTIME" "$BF_SB_EVENTS" run
  done
}
