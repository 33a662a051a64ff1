# --zram SIZE: a zram device (a compressed RAM block device) of its own, made with the kernel's
# zram-control hot_add, formatted ext4, mounted, measured as one run and removed (hot_remove).
# Sourced by benchfolio-run after loopback.sh, whose EXIT trap (loop_cleanup) and ledger it shares.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files

BF_ZRAM_SIZE=''      # --zram SIZE, in bytes
BF_ZRAM_DEV=''       # the zram device this invocation made (/dev/zramN), until it is removed
BF_ZRAM_CONTROL=/sys/class/zram-control

# zram_check_options: what --zram does not go with; the run's name and value.
zram_check_options() {
  for zc_opt in "--loopback:$BF_LOOPBACK" "--btrfs-raid:$BF_BTRFS_RAID" "--ssh:$BF_SSH" "--append:$BF_APPEND" \
    "--mkfs:$BF_MKFS" "--image-size:$BF_IMAGE_SIZE"; do
    test -z "${zc_opt#*:}" || die "--zram with ${zc_opt%%:*}: not supported (one run on its own zram device, made afresh)"
  done
  BF_RUN=${BF_RUN:-zram}
  BF_VALUE=${BF_VALUE:-zram}
}

# zram_remove DEVICE: the zram device removed (hot_remove resets it: its memory is freed).
zram_remove() {
  printf '%s\n' "${1#/dev/zram}" 2>/dev/null >"$BF_ZRAM_CONTROL/hot_remove"
}

# zram_note DEVICE MKFS: the sentence of run.yaml's notes on what such a run can tell.
zram_note() {
  printf 'Made by --zram %s: %s, a zram device of that disksize made for this run (zram-control hot_add; comp_algorithm %s), formatted by %s, mounted on %s and removed afterwards (hot_remove). zram keeps every block in RAM, compressed by the CPU: this run measures memory and compression on this machine'"'"'s CPUs, with no disk below, and data that compresses well (zeros above all: zram stores a page of one repeated value without allocating memory for it) costs it less than data that does not.' \
    "$(human_bytes "$BF_ZRAM_SIZE")" "$1" "$(bracketed_word "$(read_line "/sys/block/${1#/dev/}/comp_algorithm")")" "$2" "$BF_DIR/benchfolio-zram"
}

# zram_make UUID: a new zram device of --zram's size, in the ledger (with the UUID its filesystem
# gets: the cleanup removes only a device holding that filesystem), formatted ext4 with that UUID.
zram_make() {
  need_cmd mkfs.ext4 'install it (Debian: e2fsprogs)'
  zm_index=$(cat "$BF_ZRAM_CONTROL/hot_add") || die "could not add a zram device ($BF_ZRAM_CONTROL/hot_add)"
  BF_ZRAM_DEV=/dev/zram$zm_index
  ledger_add zram "$BF_ZRAM_DEV" "$1"
  printf '%s\n' "$BF_ZRAM_SIZE" >"/sys/block/zram$zm_index/disksize" ||
    die "could not give $BF_ZRAM_DEV a disksize of $BF_ZRAM_SIZE bytes"
  mkfs.ext4 -F -q -U "$1" "$BF_ZRAM_DEV" >/dev/null
}

# zram_need: the bytes the profiles need on the zram device, as --loopback sizes an image (what
# they write, a quarter more, 256 MiB for the filesystem's own).
zram_need() {
  zn_need=0
  for zn_profile in $BF_PROFILES; do
    zn_bytes=$(profile_need "$zn_profile")
    test "$zn_bytes" -le "$zn_need" || zn_need=$zn_bytes
  done
  printf '%s\n' $((zn_need + zn_need / 4 + 268435456))
}

# zram_main: --zram SIZE: the device, the filesystem, one run on it, the teardown.
zram_main() {
  check_dir "$BF_DIR"
  case $BF_DIR in
    *[[:space:]]*) die "--dir $BF_DIR: a path without blanks, please (--zram mounts in it)" ;;
  esac
  zr_out=${BF_OUT:-$BF_ROOT/content/results/$BF_EXPERIMENT/runs/$BF_RUN}
  case $zr_out in
    *[[:space:]]*) die "--out $zr_out: a path without blanks, please" ;;
  esac
  test ! -e "$zr_out" || die "$zr_out exists: the runner never overwrites a run"
  BF_RAM_BYTES=$(($(awk '/^MemTotal:/ { print $2; exit }' /proc/meminfo) * 1024))
  sysbench_syntax
  zr_need=$(zram_need)
  test "$BF_ZRAM_SIZE" -ge "$zr_need" ||
    die "--zram $(human_bytes "$BF_ZRAM_SIZE"): the profiles need $(human_bytes "$zr_need") on it (a larger --zram, or a smaller --size)"
  # Data that does not compress takes about its own size in RAM: never more than is available.
  zr_avail=$(($(awk '/^MemAvailable:/ { print $2; exit }' /proc/meminfo) * 1024))
  test "$BF_ZRAM_SIZE" -le "$zr_avail" ||
    die "--zram $(human_bytes "$BF_ZRAM_SIZE"): more than the memory available now ($(human_bytes "$zr_avail"), MemAvailable)"
  test "$BF_DRY_RUN" = 1 || test "$(id -u)" -eq 0 || die '--zram needs root (zram-control, mkfs and mount); run it with sudo'
  test -e "$BF_ZRAM_CONTROL/hot_add" || test "$BF_DRY_RUN" = 1 ||
    die "--zram: $BF_ZRAM_CONTROL/hot_add is missing: this kernel has no zram module loaded (modprobe zram)"
  need_cmd mount
  need_cmd blkid 'install it (Debian: util-linux)'

  # shellcheck disable=SC2046 # repeat_options prints option words without blanks, split on purpose
  set -- --experiment "$BF_EXPERIMENT" --run "$BF_RUN" --value "$BF_VALUE" $(repeat_options) \
    --iostat-interval "$BF_IOSTAT_INTERVAL" --out "$zr_out"
  for zr_profile in $BF_PROFILES; do
    set -- "$@" --profile "$zr_profile"
  done
  test -z "$BF_LABEL" || set -- "$@" --label "$BF_LABEL"
  test -z "$BF_ORDER" || set -- "$@" --order "$BF_ORDER"
  test -z "$BF_OPT_SIZE_TEXT" || set -- "$@" --size "$BF_OPT_SIZE_TEXT"
  test -z "$BF_OPT_RUNTIME" || set -- "$@" --runtime "$BF_OPT_RUNTIME"
  test -z "$BF_OPT_THREADS" || set -- "$@" --threads "$BF_OPT_THREADS"
  case $BF_DROP_CACHES in
    1) set -- "$@" --drop-caches ;;
    *) set -- "$@" --no-drop-caches ;;
  esac
  zr_mnt="$BF_DIR/benchfolio-zram"
  if test "$BF_DRY_RUN" = 1; then
    printf '# zram: a device of %s bytes (%s); the profiles need %s\n' "$BF_ZRAM_SIZE" "$(human_bytes "$BF_ZRAM_SIZE")" "$(human_bytes "$zr_need")"
    printf 'cat %s/hot_add  # prints N\n' "$BF_ZRAM_CONTROL"
    printf 'echo %s > /sys/block/zramN/disksize && mkfs.ext4 -F -q -U <new UUID> /dev/zramN\n' "$BF_ZRAM_SIZE"
    printf 'mkdir %s && mount /dev/zramN %s\n' "$(shell_quote "$zr_mnt")" "$(shell_quote "$zr_mnt")"
    "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$zr_mnt" --mkfs 'mkfs.ext4 -F -q -U <new UUID> /dev/zramN' \
      --dry-run --skip-dir-checks
    printf 'umount %s && echo N > %s/hot_remove\n' "$(shell_quote "$zr_mnt")" "$BF_ZRAM_CONTROL"
    BF_DONE=1
    return 0
  fi

  trap 'loop_cleanup' EXIT
  open_ledger "$BF_DIR"
  mkdir_out "$(dirname "$zr_out")"
  zr_uuid=$(cat /proc/sys/kernel/random/uuid)
  zram_make "$zr_uuid"
  zr_mkfs="mkfs.ext4 -F -q -U $zr_uuid $BF_ZRAM_DEV"
  say "zram: $BF_ZRAM_DEV of $(human_bytes "$BF_ZRAM_SIZE"), made by: $zr_mkfs"
  ledger_add mount "$BF_ZRAM_DEV" "$zr_mnt"
  mkdir "$zr_mnt"
  BF_LOOP_MNT=$zr_mnt
  mount "$BF_ZRAM_DEV" "$zr_mnt"
  # The run on the filesystem: with --parent-pid, its guard stops it if this invocation dies.
  "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$zr_mnt" --mkfs "$zr_mkfs" \
    --note "$(zram_note "$BF_ZRAM_DEV" "$zr_mkfs")${BF_NOTE:+ $BF_NOTE}" --parent-pid "$$" &
  BF_LOOP_CHILD=$!
  zr_status=0
  wait "$BF_LOOP_CHILD" || zr_status=$?
  BF_LOOP_CHILD=''
  test "$zr_status" -eq 0 || die "the run on zram failed (status $zr_status)"
  # Finished, but removed if the invocation does not finish: this invocation's marker.
  put_marker "$zr_out"
  ledger_add folder run-folder "$zr_out"
  BF_LOOP_KEEP=$zr_out
  loop_teardown
  say "done: $zr_out"
  BF_DONE=1
}
