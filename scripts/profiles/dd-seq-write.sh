# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# dd's sequential write with O_DIRECT, as "IO Performance Case I" (2020) timed it on three hosts:
# dd if=/dev/zero of=FILE bs=1M count=N oflag=direct (there 20000 MiB, after dropping the page
# cache). --size sets the file's size; the file is removed after each repeat. dd reports on
# standard error, which goes into the output file.
profile_about='dd sequential write, bs=1M oflag=direct, as in the 2020 three-host post (--size, default 1G)'
profile_tools='dd'
profile_default_size='1G'
profile_default_runtime=''

profile_space() {
  printf '%s\n' "$BF_SIZE"
}

profile_run() {
  pd_count=$((BF_SIZE / 1048576))
  test "$pd_count" -ge 1 || pd_count=1
  bf_capture_stderr dd seq-write txt dd-seq-write -- \
    dd if=/dev/zero "of=$BF_WORK/dd-seq-write.img" bs=1M "count=$pd_count" oflag=direct
  rm -f "$BF_WORK/dd-seq-write.img"
}
