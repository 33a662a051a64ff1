# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# fio read, write, randread and randwrite over block sizes 4k, 64k and 1m and I/O depths 1 and
# 32 (fio-matrix.fio, one fio command per cell, 24 cells) on one file of --size bytes.
profile_about='fio read/write/randread/randwrite x bs 4k,64k,1m x iodepth 1,32 (direct, libaio; one file of --size, default 1G; runtime default 30 s per cell)'
profile_tools='fio'
profile_default_size=1G
profile_default_runtime=30

profile_space() {
  printf '%s\n' "$BF_SIZE"
}

profile_run() {
  for pm_rw in read write randread randwrite; do
    for pm_bs in 4k 64k 1m; do
      for pm_qd in 1 32; do
        bf_capture fio "matrix-$pm_rw-$pm_bs-qd$pm_qd" txt "matrix-$pm_rw-$pm_bs-qd$pm_qd" -- \
          env BF_WORK="$BF_WORK" BF_SIZE="$BF_SIZE" BF_RUNTIME="$BF_RUNTIME" \
          BF_RW="$pm_rw" BF_BS="$pm_bs" BF_IODEPTH="$pm_qd" BF_LOGS="$(fio_log_dir)" \
          fio --output-format=normal,json scripts/profiles/fio-matrix.fio
        bf_keep_fio_logs "matrix-$pm_rw-$pm_bs-qd$pm_qd"
      done
    done
  done
}
