# shellcheck shell=sh
# shellcheck disable=SC2034 # the profile_* variables are read by scripts/lib/run.sh
# bonnie++ as the seeds ran it: -s 2×RAM -n 512 (cd34.com, 2011: -s 8g -n 512 on 2 GB of RAM).
# --size replaces 2×RAM; -n is scaled by the same ratio (at least 1), and -r is given as half
# the size, so bonnie++ accepts a size below 2×RAM (the page cache then holds part of the file:
# say so when you publish such a run).
profile_about='bonnie++ as in the seeds: -s 2xRAM -n 512 (--size replaces 2xRAM and scales -n)'
profile_tools='bonnie++'
profile_default_size=''
profile_default_runtime=''

# pb_args: sets pb_s (MiB), pb_r (MiB) and pb_n (×1024 files).
pb_args() {
  pb_ram_mib=$((BF_RAM_BYTES / 1048576))
  if test -z "$BF_SIZE_GIVEN"; then
    pb_s=$((2 * pb_ram_mib))
    pb_r=$pb_ram_mib
    pb_n=512
  else
    pb_s=$((BF_SIZE / 1048576))
    test "$pb_s" -ge 2 || pb_s=2
    pb_r=$((pb_s / 2))
    pb_n=$((512 * pb_s / (2 * pb_ram_mib)))
    test "$pb_n" -ge 1 || pb_n=1
  fi
}

profile_space() {
  pb_args
  # the file, and the create tests' zero-length files with their directory blocks
  printf '%s\n' "$((pb_s * 1048576 + pb_n * 1024 * 4096 + 67108864))"
}

profile_run() {
  pb_args
  if test "$(id -u)" -eq 0; then
    bf_capture bonnie seed txt bonnie-seed -- \
      bonnie++ -d "$BF_WORK" -s "$pb_s" -r "$pb_r" -n "$pb_n" -m "$(uname -n)" -u root
  else
    bf_capture bonnie seed txt bonnie-seed -- \
      bonnie++ -d "$BF_WORK" -s "$pb_s" -r "$pb_r" -n "$pb_n" -m "$(uname -n)"
  fi
}
