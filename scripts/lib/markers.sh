# Markers, the ledger and the cleanup of a dead run's leftovers. Sourced by benchfolio-run after
# common.sh and system.sh.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files
#
# A run that is killed (SIGKILL, a crash, the machine's power) cannot clean up after itself, so
# every thing it makes carries a marker naming it, and the next run on the same --dir (or
# `--cleanup --dir DIR`) removes what a run that no longer runs left there:
#
# - each folder it makes (its work folder DIR/benchfolio-work, its temporary folder, a partial
#   run folder, a finished run folder of an unfinished --loopback) holds a marker file,
#   .benchfolio-run: the run's PID, when that process started (ps's lstart: a PID used again by
#   another process has another start) and the host (a folder on a shared filesystem may be
#   another machine's);
# - the marker of the work folder is the run's ledger: one line per thing made, added right after
#   it is made: `folder KIND PATH` (a folder holding the same marker), `emptied PATH` (a run folder
#   that was there, empty: its contents go), `parent PATH` (a folder made around the run folder:
#   removed when empty), `image INODE PATH`, `loop DEVICE INODE PATH` (attached to that image),
#   `mount DEVICE PATH` (the mount point it made, DEVICE mounted there), `zram DEVICE UUID` (a
#   zram device --zram added, to hold the filesystem of that UUID).
#
# The cleanup trusts nothing by name: a ledger, and a folder it lists, count only when they are
# the user's own (a ledger another user wrote in a shared --dir names nothing), a folder goes
# only when its own marker names the same run as the ledger, an image only in the ledger's --dir
# (benchfolio-*.img) with the inode recorded, a loop device only while its backing file is that
# image (path and inode), a mount only on DIR/benchfolio-* while that loop or zram device is
# mounted there, a zram device only while it holds the filesystem of the UUID recorded (zram has no
# backing file: a device number used again by someone else holds another). A run that still runs (same PID, same start) is never touched, nor another host's, nor
# anything without a marker.

BF_MARKER=.benchfolio-run   # the marker file in every folder a run makes
BF_LEDGER=''                # this run's ledger, once its work folder is made
BF_MARK_START=''            # when this runner's process started (ps lstart)

# process_start PID: when the process PID started, as ps tells it (lstart, one blank between
# words); nothing when there is none, or it has ended (a zombie only waits to be reaped: a killed
# run whose parent died too may wait long, as a child of a PID 1 that reaps nothing).
process_start() {
  is_uint "$1" || return 0
  ps -o stat= -o lstart= -p "$1" 2>/dev/null | awk '$1 !~ /^Z/ { $1 = ""; sub(/^ /, ""); print }'
}

# host_id: this machine's name, reduced to a word (the ledger is read line by line).
host_id() {
  printf '%s' "$(uname -n)" | tr -c 'A-Za-z0-9._-' '_'
}

# marker_text: the lines of this run's markers.
marker_text() {
  test -n "$BF_MARK_START" || BF_MARK_START=$(process_start "$$")
  printf '# Made by scripts/benchfolio-run (the run below) and removed when it ends. If it no longer runs,\n'
  printf '# scripts/benchfolio-run --cleanup --dir <its --dir> removes what it left.\n'
  printf 'pid %s\nstart %s\nhost %s\n' "$$" "$BF_MARK_START" "$(host_id)"
}

# put_marker FOLDER: this run's marker in FOLDER.
put_marker() {
  marker_text >"$1/$BF_MARKER"
}

# marker_field FILE KEY: the value of KEY in a marker file.
marker_field() {
  sed -n "s/^$2 //p" "$1" 2>/dev/null | head -n 1
}

# marker_owner FILE: "PID START HOST" of a marker file, on one line (to compare two markers).
marker_owner() {
  printf '%s|%s|%s\n' "$(marker_field "$1" pid)" "$(marker_field "$1" start)" "$(marker_field "$1" host)"
}

# is_mine PATH: whether PATH is the user's own and no symbolic link (find -user: POSIX).
is_mine() {
  test ! -L "$1" && test -n "$(find "$1" -prune -user "$(id -u)" 2>/dev/null)"
}

# marker_state FILE: alive (the run still runs), dead, other-host, or unreadable (another user's
# file, or no PID and start in it).
marker_state() {
  ms_pid=$(marker_field "$1" pid)
  ms_start=$(marker_field "$1" start)
  if ! is_mine "$1" || ! is_mine "$(dirname "$1")" || ! is_uint "$ms_pid" || test -z "$ms_start"; then
    printf 'unreadable\n'
  elif test "$(marker_field "$1" host)" != "$(host_id)"; then
    printf 'other-host\n'
  elif test "$(process_start "$ms_pid")" = "$ms_start"; then
    printf 'alive\n'
  else
    printf 'dead\n'
  fi
}

# marker_who FILE: the run a marker names, for messages.
marker_who() {
  printf 'PID %s, started %s, host %s' "$(marker_field "$1" pid)" "$(marker_field "$1" start)" "$(marker_field "$1" host)"
}

# open_ledger DIR: makes this run's work folder DIR/benchfolio-work with its marker, the ledger.
open_ledger() {
  mkdir "$1/benchfolio-work"
  put_marker "$1/benchfolio-work"
  BF_LEDGER="$1/benchfolio-work/$BF_MARKER"
}

# ledger_add LINE...: a line of the ledger (nothing before the ledger is open: a dry run).
ledger_add() {
  test -z "$BF_LEDGER" || printf '%s\n' "$*" >>"$BF_LEDGER"
}

# ledger_names LEDGER DIR: the names in DIR that the run of LEDGER made (its work folder, images
# and mount points), on one line.
ledger_names() {
  printf 'benchfolio-work'
  while read -r ln_key ln_a ln_b ln_c; do
    case $ln_key in
      image | mount) ln_path=$ln_b ;;
      loop) ln_path=$ln_c ;;
      *) continue ;;
    esac
    test "$(dirname "$ln_path")" != "$2" || printf ' %s' "${ln_path##*/}"
  done <"$1"
  printf '\n'
}

# make_temp_dir: a private temporary folder with this run's marker (its path printed).
make_temp_dir() {
  mt_dir=$(mktemp -d "${TMPDIR:-/tmp}/benchfolio-run.XXXXXX") || return 1
  put_marker "$mt_dir"
  printf '%s\n' "$mt_dir"
}

# cleanup_say MESSAGE: one line of what the cleanup did.
cleanup_say() {
  say "cleanup: $*"
}

# cleanup_dir_leftovers DIR: removes what a run that no longer runs left in DIR (its ledger
# DIR/benchfolio-work/.benchfolio-run), and the temporary folders of dead runs. Sets
# cl_found_live to the run still running there, if one is.
cleanup_dir_leftovers() {
  cl_found_live=''
  test ! -f "$1/benchfolio-work/$BF_MARKER" || cleanup_ledger "$1/benchfolio-work/$BF_MARKER"
  cleanup_temp_folders
}

# cleanup_temp_folders: the temporary folders ($TMPDIR/benchfolio-run.*, and --ssh's
# benchfolio-ssh.*) whose marker names a run of this host that no longer runs.
cleanup_temp_folders() {
  for ct_dir in "${TMPDIR:-/tmp}"/benchfolio-run.* "${TMPDIR:-/tmp}"/benchfolio-ssh.*; do
    test -f "$ct_dir/$BF_MARKER" || continue
    is_mine "$ct_dir" || continue
    test "$(marker_state "$ct_dir/$BF_MARKER")" = dead || continue
    ct_who=$(marker_who "$ct_dir/$BF_MARKER")
    rm -rf "$ct_dir" && cleanup_say "removed the temporary folder $ct_dir (of the run of $ct_who, which no longer runs)"
  done
}

# cleanup_ledger LEDGER: what the run of LEDGER made, undone in the reverse order, when that run
# no longer runs; then its work folder. A run that runs, of another host, or a ledger without a
# readable marker, is left alone (cl_found_live names a live one).
cleanup_ledger() {
  cg_ledger=$1
  cg_work=$(dirname "$cg_ledger")
  case $(marker_state "$cg_ledger") in
    alive)
      cl_found_live=$(marker_who "$cg_ledger")
      return 0
      ;;
    other-host)
      warn "$cg_work belongs to a run on another host ($(marker_who "$cg_ledger")): left alone"
      return 0
      ;;
    unreadable)
      warn "$cg_ledger names no run of $(id -un) (another user's, or no pid and start in it): $cg_work left alone"
      return 0
      ;;
  esac
  cg_owner=$(marker_owner "$cg_ledger")
  cg_dir=$(dirname "$cg_work")
  cleanup_say "the run of $(marker_who "$cg_ledger") no longer runs; removing what it left:"
  cg_kept=''
  # The last made first: mounts before their loop devices, those before their images.
  awk '{ line[NR] = $0 } END { for (i = NR; i > 0; i--) print line[i] }' "$cg_ledger" >"$cg_ledger.reversed"
  cg_committed=''
  # A mount left in place keeps its loop device, and that its image.
  cg_busy=' '
  while read -r cg_key cg_a cg_b cg_c; do
    case $cg_key in
      folder) cleanup_folder "$cg_a" "$cg_b" "$cg_owner" ;;
      emptied) cleanup_emptied "$cg_a" "$cg_owner" ;;
      committed) cg_committed="$cg_committed $cg_a " ;;
      commit) cleanup_commit "$cg_a" "$cg_owner" "$cg_committed" || cg_kept=1 ;;
      parent) rmdir "$cg_a" 2>/dev/null && cleanup_say "removed the empty folder $cg_a" ;;
      mount)
        if ! cleanup_mount "$cg_a" "$cg_b" "$cg_dir"; then
          cg_kept=1
          cg_busy="$cg_busy$cg_a "
        fi
        ;;
      zram)
        case $cg_busy in
          *" $cg_a "*) ;;
          *) cleanup_zram "$cg_a" "$cg_b" || cg_kept=1 ;;
        esac
        ;;
      loop)
        case $cg_busy in
          *" $cg_a "*) cg_busy="$cg_busy$cg_c " ;;
          *) cleanup_loop "$cg_a" "$cg_b" "$cg_c" "$cg_dir" || cg_kept=1 ;;
        esac
        ;;
      image)
        case $cg_busy in
          *" $cg_b "*) ;;
          *) cleanup_image "$cg_a" "$cg_b" "$cg_dir" ;;
        esac
        ;;
    esac
  done <"$cg_ledger.reversed"
  rm -f "$cg_ledger.reversed"
  if test -n "$cg_kept"; then
    warn "$cg_work kept: it lists what could not be removed (above)"
    return 0
  fi
  rm -rf "$cg_work" && cleanup_say "removed the work folder $cg_work"
}

# cleanup_folder KIND PATH OWNER: removes PATH when its marker names OWNER (a finished run
# folder has none: it is no leftover).
cleanup_folder() {
  test -e "$2" || test -L "$2" || return 0
  cf_kind=$(printf '%s' "$1" | tr '-' ' ')
  if ! test -d "$2" || ! is_mine "$2" || ! is_mine "$2/$BF_MARKER" || test "$(marker_owner "$2/$BF_MARKER")" != "$3"; then
    cleanup_say "left alone: $2 ($cf_kind) holds no marker of that run"
    return 0
  fi
  rm -rf "$2" && cleanup_say "removed the $cf_kind $2"
}

# cleanup_emptied PATH OWNER: a run folder that was there, empty, before that run: emptied again.
cleanup_emptied() {
  test -d "$1" || return 0
  if ! is_mine "$1" || ! is_mine "$1/$BF_MARKER" || test "$(marker_owner "$1/$BF_MARKER")" != "$2"; then
    cleanup_say "left alone: $1 (run folder) holds no marker of that run"
    return 0
  fi
  rm -rf "${1:?}"/* "${1:?}"/.[!.]* "${1:?}"/..?* && cleanup_say "emptied the partial run folder $1 (it was there, empty, before that run)"
}

# is_loop_name PATH DIR NAME: whether PATH is DIR/NAME (a pattern), the only places a --loopback
# run makes images and mount points.
is_loop_name() {
  test "$(dirname "$1")" = "$2" || return 1
  # shellcheck disable=SC2254 # NAME is a pattern
  case ${1##*/} in
    $3) return 0 ;;
  esac
  return 1
}

# cleanup_mount DEVICE PATH DIR: unmounts DEVICE from PATH (after the leftovers of the run that
# worked on it), and removes the mount point.
cleanup_mount() {
  if ! is_loop_name "$2" "$3" 'benchfolio-*' || { ! is_loop_name "$1" /dev 'loop[0-9]*' && ! is_loop_name "$1" /dev 'zram[0-9]*'; }; then
    cleanup_say "left alone: $2 ($1) is no mount point a --loopback or --zram run makes"
    return 0
  fi
  if test "$(findmnt -n -o SOURCE --mountpoint "$2" 2>/dev/null | head -n 1)" = "$1"; then
    # The run on that filesystem first: its run folder and temporary folder are elsewhere. In a
    # subshell: the cleanup's variables are its own (standard output: the live run, if any).
    cm_live=$(
      cleanup_dir_leftovers "$2"
      printf '%s' "$cl_found_live"
    )
    if test -n "$cm_live"; then
      warn "$2 is in use by a run that still runs ($cm_live): left mounted"
      return 1
    fi
    if ! umount "$2" 2>/dev/null; then
      warn "could not unmount $2 ($1): left mounted"
      return 1
    fi
    cleanup_say "unmounted $2 ($1)"
  fi
  if test -d "$2" && rmdir "$2" 2>/dev/null; then
    cleanup_say "removed the mount point $2"
  fi
  return 0
}

# cleanup_loop DEVICE INODE IMAGE DIR: detaches DEVICE while its backing file is IMAGE, inode
# INODE, an image of DIR.
cleanup_loop() {
  test -b "$1" || return 0
  is_loop_name "$3" "$4" 'benchfolio-*.img' || return 0
  cp_back=$(losetup -n -O BACK-FILE "$1" 2>/dev/null | trim)
  test -n "$cp_back" || return 0
  cp_ino=$(losetup -n -O BACK-INO "$1" 2>/dev/null | trim)
  if test "$cp_back" != "$3" || test "$cp_ino" != "$2"; then
    # Another image now (the device was detached, then attached again by someone else).
    return 0
  fi
  if ! losetup -d "$1" 2>/dev/null; then
    warn "could not detach $1 ($3)"
    return 1
  fi
  cleanup_say "detached the loop device $1 ($3)"
}

# cleanup_image INODE PATH DIR: removes the image file PATH, of DIR, while its inode is INODE.
cleanup_image() {
  test -e "$2" || return 0
  if ! is_loop_name "$2" "$3" 'benchfolio-*.img' || ! test -f "$2" || ! is_mine "$2" || test "$(inode_of "$2")" != "$1"; then
    cleanup_say "left alone: $2 is not the image that run made (another inode)"
    return 0
  fi
  rm -f "$2" && cleanup_say "removed the image $2"
}

# cleanup_zram DEVICE UUID: removes the zram device DEVICE while it holds the filesystem of UUID
# and is mounted nowhere. One without that filesystem (a kill before mkfs ended, or a number used
# again by someone else) is left alone, named for the user to remove if it was that run's.
cleanup_zram() {
  test -b "$1" || return 0
  is_loop_name "$1" /dev 'zram[0-9]*' || return 0
  cz_uuid=$(blkid -p -o value -s UUID "$1" 2>/dev/null || true)
  if test "$cz_uuid" != "$2"; then
    cleanup_say "left alone: $1 holds no filesystem of UUID $2; if that run made it, remove it with: echo ${1#/dev/zram} > ${BF_ZRAM_CONTROL:-/sys/class/zram-control}/hot_remove"
    return 0
  fi
  if test -n "$(findmnt -n -o TARGET -S "$1" 2>/dev/null)"; then
    warn "$1 is mounted elsewhere: left in place"
    return 1
  fi
  if ! zram_remove "$1"; then
    warn "could not remove the zram device $1"
    return 1
  fi
  cleanup_say "removed the zram device $1 (filesystem UUID $2)"
}

# inode_of FILE: the inode number of FILE.
inode_of() {
  # shellcheck disable=SC2012 # only the first word, the inode number, is read
  ls -di "$1" 2>/dev/null | awk '{ print $1 }'
}

# cleanup_commit DIR OWNER COMMITTED: the folder an --append made beside the run folders it
# replaces (append_commit): when the append had not finished (DIR is not in COMMITTED), every run
# folder whose old version is in DIR is put back as it was; then DIR goes.
cleanup_commit() {
  test -d "$1" || return 0
  if test -L "$1" || test "$(marker_owner "$1/$BF_MARKER")" != "$2"; then
    cleanup_say "left alone: $1 holds no marker of that run"
    return 0
  fi
  if ! is_mine "$1" || ! is_mine "$1/$BF_MARKER"; then
    cleanup_say "left alone: $1 holds no marker of that run"
    return 0
  fi
  case $3 in
    *" $1 "*) ;;
    *)
      for cc_old in "$1"/*.old; do
        test -d "$cc_old" || continue
        cc_run="$(dirname "$1")/$(basename "$cc_old" .old)"
        rm -rf "$cc_run"
        if ! mv "$cc_old" "$cc_run"; then
          warn "could not move $cc_old back to $cc_run: move it back by hand"
          return 1
        fi
        cleanup_say "put $cc_run back as it was before the unfinished --append"
      done
      ;;
  esac
  rm -rf "$1" && cleanup_say "removed the --append folder $1"
}
