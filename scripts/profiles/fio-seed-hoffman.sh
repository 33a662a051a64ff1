# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# The seed's four fio jobs (fio-seed-hoffman.fio): random/sequential writes, direct/buffered,
# 8k blocks, numjobs=5, runtime 10 s. --size is the size of each job's file (the post: 5G).
profile_about='the seed fio jobs: random/sequential write, direct/buffered, 8k, numjobs=5 (size per job, default 5G; runtime default 10 s)'
profile_tools='fio'
profile_default_size=5G
profile_default_runtime=10

profile_space() {
  printf '%s\n' "$((5 * BF_SIZE))"
}

profile_run() {
  bf_capture fio seed-hoffman txt seed-hoffman -- \
    env BF_WORK="$BF_WORK" BF_SIZE="$BF_SIZE" BF_RUNTIME="$BF_RUNTIME" BF_LOGS="$(fio_log_dir)" \
    fio --output-format=normal,json scripts/profiles/fio-seed-hoffman.fio
  bf_keep_fio_logs seed-hoffman
}
