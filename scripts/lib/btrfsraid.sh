# --btrfs-raid: a RAID level made with btrfs's own profiles over several loop images (for a
# kernel without md or device-mapper), measured as one run, and torn down. Sourced by
# benchfolio-run after loopback.sh, whose EXIT trap (loop_cleanup) and ledger it shares.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files

# raid_min_devices LEVEL: the fewest images the level is made of here.
raid_min_devices() {
  case $1 in
    raid0 | raid1) printf '2\n' ;;
    raid5 | raid1c3) printf '3\n' ;;
    raid10 | raid6 | raid1c4) printf '4\n' ;;
    *) return 1 ;;
  esac
}

# raid_metadata LEVEL: the metadata profile for a data profile. btrfs(5), "RAID56 status and
# recommended practices": "Do not use raid5 nor raid6 for metadata. Use raid1 or raid1c3
# respectively." Every other level keeps its metadata in the same profile (raid1c3 and raid1c4:
# three and four copies of both).
raid_metadata() {
  case $1 in
    raid5) printf 'raid1\n' ;;
    raid6) printf 'raid1c3\n' ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# raid_image_bytes LEVEL DEVICES NEED: the size of each image for NEED bytes of files: the data's
# share per device (copies, parity), a quarter more, and 288 MiB for metadata and system chunks
# (mkfs.btrfs puts a 256 MiB metadata chunk and an 8 MiB system chunk on each image of a small
# raid1c4: 656 MiB images left 391 MiB free where 400 MiB were needed);
# at least 512 MiB, in whole MiB. The images are sparse: only what is written takes room.
raid_image_bytes() {
  case $1 in
    raid0) ri_share=$(($3 / $2)) ;;
    raid1) ri_share=$3 ;;
    # three or four copies, one per device, over DEVICES devices
    raid1c3) ri_share=$(($3 * 3 / $2)) ;;
    raid1c4) ri_share=$(($3 * 4 / $2)) ;;
    raid10) ri_share=$(($3 * 2 / $2)) ;;
    raid5) ri_share=$(($3 / ($2 - 1))) ;;
    raid6) ri_share=$(($3 / ($2 - 2))) ;;
  esac
  ri_bytes=$((ri_share + ri_share / 4 + 301989888))
  test "$ri_bytes" -ge 536870912 || ri_bytes=536870912
  printf '%s\n' $(((ri_bytes + 1048575) / 1048576 * 1048576))
}

# raid_check_options: --btrfs-raid LEVEL [--devices N], and what it does not go with.
raid_check_options() {
  raid_min_devices "$BF_BTRFS_RAID" >/dev/null ||
    die "--btrfs-raid $BF_BTRFS_RAID: one of raid0, raid1, raid1c3, raid1c4, raid10, raid5, raid6"
  rc_min=$(raid_min_devices "$BF_BTRFS_RAID")
  BF_RAID_DEVICES=${BF_RAID_DEVICES:-$rc_min}
  test "$BF_RAID_DEVICES" -ge "$rc_min" ||
    die "--devices $BF_RAID_DEVICES: btrfs $BF_BTRFS_RAID is made here of $rc_min images or more"
  for rc_opt in "--loopback:$BF_LOOPBACK" "--ssh:$BF_SSH" "--append:$BF_APPEND" "--mkfs:$BF_MKFS"; do
    test -z "${rc_opt#*:}" || die "--btrfs-raid with ${rc_opt%%:*}: not supported (one run on its own images, made afresh)"
  done
  BF_RUN=${BF_RUN:-btrfs-$BF_BTRFS_RAID}
  BF_VALUE=${BF_VALUE:-btrfs $BF_BTRFS_RAID}
}

# raid_note MKFS IMAGE_BYTES: the sentence of run.yaml's notes on what such a run can tell.
raid_note() {
  printf 'Made by --btrfs-raid %s: %s loop images of %s each (sparse files, all in %s, on %s), made into one btrfs by: %s. The loop images share one disk and are no spindles: this run shows the cost of btrfs'"'"'s %s code path on that disk (its copies or parity, its write amplification), not the parallelism of a real array of %s disks, nor how it survives a failed disk.' \
    "$BF_BTRFS_RAID" "$BF_RAID_DEVICES" "$(human_bytes "$2")" "$BF_DIR" \
    "$(findmnt -n -o FSTYPE,SOURCE -T "$BF_DIR" | head -n 1 | trim)" "$1" "$BF_BTRFS_RAID" "$BF_RAID_DEVICES"
}

# raid_make_images IMAGE_BYTES: the sparse images, attached to loop devices, each in the ledger
# right after it is made (BF_LOOP_IMAGES, BF_LOOP_DEVS).
raid_make_images() {
  rm_index=0
  while test "$rm_index" -lt "$BF_RAID_DEVICES"; do
    rm_index=$((rm_index + 1))
    rm_img="$BF_DIR/benchfolio-$BF_BTRFS_RAID-$rm_index.img"
    BF_LOOP_IMAGES="$BF_LOOP_IMAGES $rm_img"
    truncate -s "$1" "$rm_img"
    rm_inode=$(inode_of "$rm_img")
    ledger_add image "$rm_inode" "$rm_img"
    # Direct I/O, as --loopback: the page cache of the filesystem holding the images does not
    # absorb the writes (where supported).
    rm_dev=$(losetup --find --show --direct-io=on "$rm_img" 2>/dev/null) ||
      rm_dev=$(losetup --find --show "$rm_img")
    BF_LOOP_DEVS="$BF_LOOP_DEVS $rm_dev"
    ledger_add loop "$rm_dev" "$rm_inode" "$rm_img"
  done
}

# raid_mount DEVICE MOUNTPOINT: mounts the filesystem, in the ledger before and, when the mount
# names another member device as its source, after (the cleanup unmounts by source).
raid_mount() {
  ledger_add mount "$1" "$2"
  mkdir "$2"
  BF_LOOP_MNT=$2
  mount "$1" "$2"
  rt_source=$(findmnt -n -o SOURCE --mountpoint "$2" | head -n 1)
  test "$rt_source" = "$1" || ledger_add mount "$rt_source" "$2"
}

# btrfs_raid_main: --btrfs-raid LEVEL: the images, the filesystem, one run on it, the teardown.
btrfs_raid_main() {
  check_dir "$BF_DIR"
  case $BF_DIR in
    *[[:space:]]*) die "--dir $BF_DIR: a path without blanks, please (--btrfs-raid lists its images)" ;;
  esac
  test "$BF_DRY_RUN" = 1 || test "$(id -u)" -eq 0 || die '--btrfs-raid needs root (losetup, mkfs and mount); run it with sudo'
  for br_cmd in losetup mount truncate btrfs mkfs.btrfs; do
    need_cmd "$br_cmd" 'install it (Debian: btrfs-progs, util-linux, coreutils)'
  done
  br_out=${BF_OUT:-$BF_ROOT/content/results/$BF_EXPERIMENT/runs/$BF_RUN}
  case $br_out in
    *[[:space:]]*) die "--out $br_out: a path without blanks, please" ;;
  esac
  test ! -e "$br_out" || die "$br_out exists: the runner never overwrites a run"

  BF_RAM_BYTES=$(($(awk '/^MemTotal:/ { print $2; exit }' /proc/meminfo) * 1024))
  sysbench_syntax
  br_need=0
  for br_profile in $BF_PROFILES; do
    br_bytes=$(profile_need "$br_profile")
    test "$br_bytes" -le "$br_need" || br_need=$br_bytes
  done
  br_image=${BF_IMAGE_SIZE:-$(raid_image_bytes "$BF_BTRFS_RAID" "$BF_RAID_DEVICES" "$br_need")}
  br_all=$((br_image * BF_RAID_DEVICES))
  br_avail=$(($(df -Pk "$BF_DIR" | awk 'NR == 2 { print $4 }') * 1024))
  test "$br_avail" -ge "$br_all" ||
    die "--dir $BF_DIR has $(human_bytes "$br_avail") free; $BF_RAID_DEVICES images of $(human_bytes "$br_image") are $(human_bytes "$br_all") (use a smaller --size)"

  # shellcheck disable=SC2046 # repeat_options prints option words without blanks, split on purpose
  set -- --experiment "$BF_EXPERIMENT" --run "$BF_RUN" --value "$BF_VALUE" $(repeat_options) \
    --iostat-interval "$BF_IOSTAT_INTERVAL" --out "$br_out"
  for br_profile in $BF_PROFILES; do
    set -- "$@" --profile "$br_profile"
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
  br_mnt="$BF_DIR/benchfolio-btrfs-$BF_BTRFS_RAID"
  br_profiles="-d $BF_BTRFS_RAID -m $(raid_metadata "$BF_BTRFS_RAID")"
  if test "$BF_DRY_RUN" = 1; then
    raid_dry_run "$br_image" "$br_mnt" "$br_profiles" "$@"
    BF_DONE=1
    return 0
  fi

  trap 'loop_cleanup' EXIT
  open_ledger "$BF_DIR"
  mkdir_out "$(dirname "$br_out")"
  say "btrfs $BF_BTRFS_RAID: $BF_RAID_DEVICES sparse images of $(human_bytes "$br_image")"
  raid_make_images "$br_image"
  # shellcheck disable=SC2086 # -d/-m and the loop devices: words without blanks
  br_mkfs=$(shell_quote mkfs.btrfs -f -q $br_profiles $BF_LOOP_DEVS)
  say "running: $br_mkfs"
  # shellcheck disable=SC2086 # as above
  mkfs.btrfs -f -q $br_profiles $BF_LOOP_DEVS >/dev/null
  br_first=${BF_LOOP_DEVS# }
  raid_mount "${br_first%% *}" "$br_mnt"
  # The run on the filesystem: with --parent-pid, its guard stops it if this invocation dies.
  "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$br_mnt" --mkfs "$br_mkfs" \
    --note "$(raid_note "$br_mkfs" "$br_image")${BF_NOTE:+ $BF_NOTE}" --parent-pid "$$" &
  BF_LOOP_CHILD=$!
  br_status=0
  wait "$BF_LOOP_CHILD" || br_status=$?
  BF_LOOP_CHILD=''
  test "$br_status" -eq 0 || die "the run on btrfs $BF_BTRFS_RAID failed (status $br_status)"
  # Finished, but removed if the invocation does not finish: this invocation's marker.
  put_marker "$br_out"
  ledger_add folder run-folder "$br_out"
  BF_LOOP_KEEP=$br_out
  loop_teardown
  say "done: $br_out"
  BF_DONE=1
}

# raid_dry_run IMAGE_BYTES MOUNTPOINT PROFILES RUN_OPTIONS...: what --btrfs-raid would do.
raid_dry_run() {
  rd_image=$1
  rd_mnt=$2
  rd_profiles=$3
  shift 3
  printf '# btrfs %s: %s images of %s bytes (%s) each, sparse, in %s\n' "$BF_BTRFS_RAID" "$BF_RAID_DEVICES" "$rd_image" "$(human_bytes "$rd_image")" "$BF_DIR"
  rd_index=0
  while test "$rd_index" -lt "$BF_RAID_DEVICES"; do
    rd_index=$((rd_index + 1))
    rd_img=$(shell_quote "$BF_DIR/benchfolio-$BF_BTRFS_RAID-$rd_index.img")
    printf 'truncate -s %s %s && losetup --find --show --direct-io=on %s\n' "$rd_image" "$rd_img" "$rd_img"
  done
  printf 'mkfs.btrfs -f -q %s /dev/loopN...\n' "$rd_profiles"
  printf 'mkdir %s && mount /dev/loopN %s\n' "$(shell_quote "$rd_mnt")" "$(shell_quote "$rd_mnt")"
  "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$rd_mnt" --mkfs "mkfs.btrfs -f -q $rd_profiles /dev/loopN..." \
    --dry-run --skip-dir-checks
  printf 'umount %s && losetup -d /dev/loopN... && rm %s\n' "$(shell_quote "$rd_mnt")" "$(shell_quote "$BF_DIR/benchfolio-$BF_BTRFS_RAID")-*.img"
}
