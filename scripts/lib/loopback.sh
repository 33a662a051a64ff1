# --loopback: one image file per filesystem, made, loop-mounted, measured and torn down; one run
# per filesystem. Sourced by benchfolio-run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files

BF_LOOP_DEV=''       # the loop device attached now
BF_LOOP_MNT=''       # its mount point while mounted
BF_LOOP_IMAGE=''     # the image file now
BF_LOOP_KEEP=''      # run folders finished by this invocation (removed if it is interrupted)
BF_LOOP_CHILD=''     # PID of the runner measuring one filesystem
BF_LOOP_STAGE=''     # --append: the new versions of the run folders, until all are ready
BF_LOOP_DEVS=''      # --btrfs-raid: the loop devices attached now (paths without blanks)
BF_LOOP_IMAGES=''    # --btrfs-raid: their image files

# mkfs_args FSTYPE: the mkfs command for FSTYPE (without the device): default options, quiet,
# forced over an old signature.
mkfs_args() {
  case $1 in
    ext2 | ext3 | ext4) printf 'mkfs.%s -F -q\n' "$1" ;;
    xfs) printf 'mkfs.xfs -f -q\n' ;;
    btrfs) printf 'mkfs.btrfs -f -q\n' ;;
    *) return 1 ;;
  esac
}

# loop_mkfs_words FSTYPE: the whole mkfs command for FSTYPE (without the device): mkfs_args and
# --mkfs-options' words.
loop_mkfs_words() {
  mkfs_args "$1" | tr -d '\n'
  test -z "$BF_MKFS_OPTIONS" || printf ' %s' "$BF_MKFS_OPTIONS"
  printf '\n'
}

# options_not_shown ASKED SHOWN: the options of the comma-separated list ASKED that the list
# SHOWN (findmnt's) does not hold, comma-separated. An option counts as shown as given or with a
# ":" suffix the kernel adds (compress=zstd is shown compress=zstd:3, its default level).
options_not_shown() {
  printf '%s\n' "$1" | awk -v shown="$2" '
    BEGIN { n = split(shown, have, ","); for (i = 1; i <= n; i++) { seen[have[i]] = 1; sub(/:.*/, "", have[i]); prefix[have[i]] = 1 } }
    {
      m = split($0, asked, ",")
      for (i = 1; i <= m; i++) {
        if (asked[i] == "" || (asked[i] in seen) || (index(asked[i], ":") == 0 && (asked[i] in prefix))) continue
        out = out (out == "" ? "" : ",") asked[i]
      }
    }
    END { print out }'
}

# loop_mount_note MOUNTPOINT: after mounting with --mount-options, the sentence of run.yaml's
# notes on them, read back from findmnt; a warning when findmnt does not show one of them.
loop_mount_note() {
  test -n "$BF_MOUNT_OPTIONS" || return 0
  lmn_shown=$(findmnt -n -o OPTIONS --mountpoint "$1" | head -n 1)
  lmn_missing=$(options_not_shown "$BF_MOUNT_OPTIONS" "$lmn_shown")
  printf 'Mounted with mount -o %s; findmnt then showed %s.' "$BF_MOUNT_OPTIONS" "$lmn_shown"
  if test -n "$lmn_missing"; then
    warn "--mount-options $BF_MOUNT_OPTIONS: findmnt does not show $lmn_missing (a default the kernel does not list, or an option it ignored)"
    printf ' findmnt does not show %s: a default the kernel does not list, or an option it ignored.' "$lmn_missing"
  fi
}

# loop_teardown: unmounts, detaches and removes what the loopback made now.
loop_teardown() {
  if test -n "$BF_LOOP_CHILD"; then
    # The run cleans up after itself when told to stop; give it the time to.
    stop_pid "$BF_LOOP_CHILD" 30
    BF_LOOP_CHILD=''
  fi
  stop_children
  if test -n "$BF_LOOP_MNT"; then
    # A run killed there (SIGKILL) left its temporary and partial run folders elsewhere: its
    # ledger on the filesystem names them (in a subshell: the cleanup's variables are its own).
    if test -f "$BF_LOOP_MNT/benchfolio-work/$BF_MARKER"; then
      (cleanup_dir_leftovers "$BF_LOOP_MNT")
    fi
    umount "$BF_LOOP_MNT" 2>/dev/null || umount -l "$BF_LOOP_MNT" 2>/dev/null || true
    rmdir "$BF_LOOP_MNT" 2>/dev/null || true
    BF_LOOP_MNT=''
  fi
  if test -n "$BF_LOOP_DEV"; then
    losetup -d "$BF_LOOP_DEV" 2>/dev/null || true
    BF_LOOP_DEV=''
  fi
  if test -n "$BF_LOOP_IMAGE"; then
    rm -f "$BF_LOOP_IMAGE"
    BF_LOOP_IMAGE=''
  fi
  # --btrfs-raid's several devices: the kernel forgets each as a btrfs member, then it goes.
  for lt_dev in $BF_LOOP_DEVS; do
    btrfs device scan --forget "$lt_dev" >/dev/null 2>&1 || true
    losetup -d "$lt_dev" 2>/dev/null || true
  done
  BF_LOOP_DEVS=''
  for lt_image in $BF_LOOP_IMAGES; do
    rm -f "$lt_image"
  done
  BF_LOOP_IMAGES=''
  # --zram's device, once unmounted (a moment after the unmount it may still be busy).
  if test -n "$BF_ZRAM_DEV"; then
    lt_try=0
    until zram_remove "$BF_ZRAM_DEV"; do
      lt_try=$((lt_try + 1))
      if test "$lt_try" -ge 5; then
        warn "could not remove $BF_ZRAM_DEV: remove it with: echo ${BF_ZRAM_DEV#/dev/zram} > $BF_ZRAM_CONTROL/hot_remove"
        break
      fi
      sleep 1
    done
    BF_ZRAM_DEV=''
  fi
}

# loop_cleanup: the EXIT trap of --loopback. An interrupted or failed invocation removes the
# run folders it finished too, and the experiment folder when it made it and it is empty; with
# --append, it leaves every run folder as it was.
loop_cleanup() {
  loop_teardown
  append_restore
  if test -n "$BF_LOOP_STAGE"; then
    rm -rf "$BF_LOOP_STAGE"
    BF_LOOP_STAGE=''
  fi
  if test "$BF_DONE" != 1; then
    for lc_run in $BF_LOOP_KEEP; do
      rm -rf "$lc_run"
    done
    for lc_made in $BF_OUT_MADE; do
      rmdir "$lc_made" 2>/dev/null || true
    done
  else
    # Every filesystem is done: the run folders are kept, without the marker.
    for lc_run in $BF_LOOP_KEEP; do
      rm -f "$lc_run/$BF_MARKER"
    done
  fi
  # The work folder last: its marker lists what the invocation made (the ledger, markers.sh).
  if test -n "$BF_LEDGER"; then
    rm -rf "$BF_DIR/benchfolio-work"
    BF_LEDGER=''
  fi
}

# loopback_main: every filesystem of --loopback in turn.
loopback_main() {
  check_dir "$BF_DIR"
  test "$BF_DRY_RUN" = 1 || test "$(id -u)" -eq 0 || die '--loopback needs root (losetup, mkfs and mount); run it with sudo'
  need_cmd losetup
  need_cmd mount
  lm_types=$(printf '%s' "$BF_LOOPBACK" | tr ',' ' ')
  for lm_fs in $lm_types; do
    mkfs_args "$lm_fs" >/dev/null || die "--loopback: $lm_fs is not one of ext2, ext3, ext4, xfs, btrfs"
    need_cmd "mkfs.$lm_fs" "install it (Debian: $(case $lm_fs in xfs) printf xfsprogs ;; btrfs) printf btrfs-progs ;; *) printf e2fsprogs ;; esac))"
  done
  lm_results=${BF_OUT:-$BF_ROOT/content/results/$BF_EXPERIMENT/runs}
  case $lm_results in
    *[[:space:]]*) die "--out $lm_results: a path without blanks, please" ;;
  esac
  for lm_fs in $lm_types; do
    lm_run=${BF_RUN:-$lm_fs}
    if test "$BF_APPEND" = 1; then
      # Each run folder checked before any image is made; the rest once its filesystem is.
      append_check_target "$lm_results/$lm_run"
    elif test -e "$lm_results/$lm_run"; then
      die "$lm_results/$lm_run exists: the runner never overwrites a run (add to it with --append)"
    fi
  done

  # The image: what the profiles need, with room for the filesystem's own metadata; at least
  # 512 MiB (xfs refuses less than 300 MB).
  BF_RAM_BYTES=$(($(awk '/^MemTotal:/ { print $2; exit }' /proc/meminfo) * 1024))
  sysbench_syntax
  lm_need=0
  for lm_profile in $BF_PROFILES; do
    lm_bytes=$(profile_need "$lm_profile")
    test "$lm_bytes" -le "$lm_need" || lm_need=$lm_bytes
  done
  if test -n "$BF_IMAGE_SIZE"; then
    lm_image=$BF_IMAGE_SIZE
  else
    lm_image=$((lm_need + lm_need / 4 + 268435456))
    test "$lm_image" -ge 536870912 || lm_image=536870912
    lm_image=$(((lm_image + 1048575) / 1048576 * 1048576))
  fi
  lm_avail=$(($(df -Pk "$BF_DIR" | awk 'NR == 2 { print $4 }') * 1024))
  test "$lm_avail" -ge "$lm_image" ||
    die "--dir $BF_DIR has $(human_bytes "$lm_avail") free; an image of $(human_bytes "$lm_image") is needed (use a smaller --size)"

  # The options passed on to each filesystem's run.
  # shellcheck disable=SC2046 # repeat_options prints option words without blanks, split on purpose
  set -- --experiment "$BF_EXPERIMENT" $(repeat_options) --iostat-interval "$BF_IOSTAT_INTERVAL"
  for lm_profile in $BF_PROFILES; do
    set -- "$@" --profile "$lm_profile"
  done
  test -z "$BF_OPT_SIZE_TEXT" || set -- "$@" --size "$BF_OPT_SIZE_TEXT"
  test -z "$BF_OPT_RUNTIME" || set -- "$@" --runtime "$BF_OPT_RUNTIME"
  test -z "$BF_OPT_THREADS" || set -- "$@" --threads "$BF_OPT_THREADS"
  test -z "$BF_LABEL" || set -- "$@" --label "$BF_LABEL"
  case $BF_DROP_CACHES in
    1) set -- "$@" --drop-caches ;;
    *) set -- "$@" --no-drop-caches ;;
  esac

  if test "$BF_DRY_RUN" = 1; then
    printf '# image per filesystem: %s bytes (%s) in %s; available: %s\n' "$lm_image" "$(human_bytes "$lm_image")" "$BF_DIR" "$(human_bytes "$lm_avail")"
  else
    trap 'loop_cleanup' EXIT
    # The work folder first: its marker is the ledger of the images, loop devices, mounts and
    # folders made from here on.
    open_ledger "$BF_DIR"
    if test "$BF_APPEND" = 1; then
      BF_LOOP_STAGE=$(make_temp_dir)
      ledger_add folder temporary-folder "$BF_LOOP_STAGE"
    else
      mkdir_out "$lm_results"
    fi
  fi
  lm_order=0
  lm_appended=''
  for lm_fs in $lm_types; do
    lm_order=$((lm_order + 1))
    lm_run=${BF_RUN:-$lm_fs}
    lm_img="$BF_DIR/benchfolio-$lm_fs.img"
    lm_mnt="$BF_DIR/benchfolio-$lm_fs"
    # shellcheck disable=SC2046 # the mkfs command's words (checked for blanks-only splitting)
    lm_mkfs=$(shell_quote $(loop_mkfs_words "$lm_fs"))
    # A new run is named and placed; an append leaves the run's own and adds its outputs to the
    # new version of the run folder, handed back in BF_LOOP_STAGE.
    lm_value=''
    if test "$BF_APPEND" = 1; then
      lm_run_opts="--append"
      test "$BF_DRY_RUN" = 1 || lm_run_opts="$lm_run_opts --append-stage $BF_LOOP_STAGE/$lm_run"
    else
      lm_run_opts="--order ${BF_ORDER:-$lm_order}"
      lm_value=${BF_VALUE:-$lm_fs}
    fi
    if test "$BF_DRY_RUN" = 1; then
      printf '# %s\n' "$lm_fs"
      printf 'fallocate -l %s %s\n' "$lm_image" "$(shell_quote "$lm_img")"
      printf 'losetup --find --show --direct-io=on %s\n' "$(shell_quote "$lm_img")"
      printf '%s /dev/loopN\n' "$lm_mkfs"
      printf 'mkdir %s && mount%s /dev/loopN %s\n' "$(shell_quote "$lm_mnt")" "${BF_MOUNT_OPTIONS:+ -o $BF_MOUNT_OPTIONS}" "$(shell_quote "$lm_mnt")"
      # shellcheck disable=SC2086 # the options of lm_run_opts are words without blanks
      "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$lm_mnt" --run "$lm_run" $lm_run_opts \
        ${lm_value:+--value} ${lm_value:+"$lm_value"} ${BF_NOTE:+--note} ${BF_NOTE:+"$BF_NOTE"} \
        --mkfs "$lm_mkfs /dev/loopN" --out "$lm_results/$lm_run" --dry-run --skip-dir-checks
      printf 'umount %s && losetup -d /dev/loopN && rm %s\n' "$(shell_quote "$lm_mnt")" "$(shell_quote "$lm_img")"
      continue
    fi
    say "$lm_fs: making a $(human_bytes "$lm_image") image"
    BF_LOOP_IMAGE=$lm_img
    if has_cmd fallocate; then
      fallocate -l "$lm_image" "$lm_img"
    else
      truncate -s "$lm_image" "$lm_img"
    fi
    lm_inode=$(inode_of "$lm_img")
    ledger_add image "$lm_inode" "$lm_img"
    # Direct I/O from the loop device to the image file, so the page cache of the filesystem
    # holding the image does not absorb the measured filesystem's writes (where supported).
    BF_LOOP_DEV=$(losetup --find --show --direct-io=on "$lm_img" 2>/dev/null) ||
      BF_LOOP_DEV=$(losetup --find --show "$lm_img")
    ledger_add loop "$BF_LOOP_DEV" "$lm_inode" "$lm_img"
    # shellcheck disable=SC2046 # the mkfs command's words (--mkfs-options: no glob, no quote)
    $(loop_mkfs_words "$lm_fs") "$BF_LOOP_DEV" >/dev/null
    ledger_add mount "$BF_LOOP_DEV" "$lm_mnt"
    mkdir "$lm_mnt"
    BF_LOOP_MNT=$lm_mnt
    if test -n "$BF_MOUNT_OPTIONS"; then
      mount -o "$BF_MOUNT_OPTIONS" "$BF_LOOP_DEV" "$lm_mnt"
    else
      mount "$BF_LOOP_DEV" "$lm_mnt"
    fi
    # What was asked of mount, read back (an append's run.yaml has it from its first run).
    lm_note=''
    test "$BF_APPEND" = 1 || lm_note=$(loop_mount_note "$lm_mnt")
    lm_note="$lm_note${lm_note:+${BF_NOTE:+ }}$BF_NOTE"
    # The run on this filesystem: with --parent-pid, its guard stops it if this invocation dies.
    # shellcheck disable=SC2086 # the options of lm_run_opts are words without blanks
    "$BF_ROOT/scripts/benchfolio-run" "$@" --dir "$lm_mnt" --run "$lm_run" $lm_run_opts \
      ${lm_value:+--value} ${lm_value:+"$lm_value"} ${lm_note:+--note} ${lm_note:+"$lm_note"} \
      --mkfs "$lm_mkfs $BF_LOOP_DEV" --out "$lm_results/$lm_run" --parent-pid "$$" &
    BF_LOOP_CHILD=$!
    lm_status=0
    wait "$BF_LOOP_CHILD" || lm_status=$?
    BF_LOOP_CHILD=''
    test "$lm_status" -eq 0 || die "the run on $lm_fs failed (status $lm_status)"
    if test "$BF_APPEND" = 1; then
      lm_appended="$lm_appended $lm_results/$lm_run"
    else
      # Finished, but removed if the invocation does not finish: this invocation's marker.
      put_marker "$lm_results/$lm_run"
      ledger_add folder run-folder "$lm_results/$lm_run"
      BF_LOOP_KEEP="$BF_LOOP_KEEP $lm_results/$lm_run"
    fi
    loop_teardown
  done
  if test "$BF_DRY_RUN" = 1; then
    BF_DONE=1
  elif test "$BF_APPEND" = 1; then
    # Every filesystem is done: all the run folders are replaced now, or none.
    # shellcheck disable=SC2086 # run folder paths, refused above when they hold blanks
    append_commit "$BF_LOOP_STAGE" $lm_appended
    say "done: added to $(printf '%s' "$lm_appended" | wc -w) run(s) in $lm_results"
  else
    say "done: $(printf '%s' "$BF_LOOP_KEEP" | wc -w) run(s) in $lm_results"
    BF_DONE=1
  fi
}
