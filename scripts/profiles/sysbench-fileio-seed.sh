# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# sysbench fileio as in "ext4 2x faster than XFS?" and "Hitachi 7K3000 vs WD RE4 vs Seagate
# Constellation ES" (tsuna, 2011): O_DIRECT on 64 files, 100 GB in all (--size), the modes
# seqwr seqrd rndrd rndwr rndrw at 1 to 64 threads (--threads), each --repeat times.
# sysbench makes its files in the working directory, so each command runs in the test folder.
profile_about='sysbench fileio as in "ext4 2x faster than XFS?": O_DIRECT, 64 files (total --size, default 100G), seqwr/seqrd/rndrd/rndwr/rndrw, threads 1..64 (runtime default 60 s each)'
profile_tools='sysbench'
profile_default_size=100G
profile_default_runtime=60
profile_default_threads='1 2 4 8 16 32 64'

profile_space() {
  printf '%s\n' "$((BF_SIZE + BF_SIZE / 10))"
}

profile_prepare() {
  bf_exec_in "$BF_WORK" sysbench "$BF_SB_FILEIO" --file-num=64 --file-total-size="$BF_SIZE" prepare
}

profile_run() {
  for ps_mode in seqwr seqrd rndrd rndwr rndrw; do
    for ps_threads in $BF_THREADS; do
      BF_CWD=$BF_WORK bf_capture sysbench "fileio-$ps_mode-t$ps_threads" txt "fileio-$ps_mode-t$ps_threads" -- \
        sysbench "$BF_SB_FILEIO" --file-num=64 --file-total-size="$BF_SIZE" --file-extra-flags=direct \
        --file-test-mode="$ps_mode" "$BF_SB_THREADS=$ps_threads" "$BF_SB_TIME=$BF_RUNTIME" "$BF_SB_EVENTS" run
    done
  done
}

profile_cleanup() {
  bf_exec_in "$BF_WORK" sysbench "$BF_SB_FILEIO" --file-num=64 --file-total-size="$BF_SIZE" cleanup
}
