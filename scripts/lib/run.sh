# One run of benchfolio-run: the profiles, the captured outputs, iostat, run.yaml, and the
# cleanup on exit, error, INT and TERM. Sourced by benchfolio-run after common.sh and system.sh.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files

# State of the run (the EXIT trap reads it).
BF_CHILD=''          # PID of the benchmark command running now
BF_IOSTAT_PID=''     # PID of the background iostat
BF_WORKDIR=''        # the test folder the runner made under --dir (removed at the end)
BF_STATE=''          # private temporary folder (command lists, tool error output)
BF_OUT_MADE=''       # folders the runner made for the run folder, innermost first
BF_DONE=''           # set once run.yaml is written: the run folder is kept
BF_OUT_OWNED=''      # set once the run folder is the runner's (made, or found empty)
BF_APPEND=''         # --append: the outputs go into an existing run folder (append.sh)
BF_APPEND_STAGE=''   # --append under --loopback: where the new version of the run folder goes
BF_GUARD_PID=''      # PID of the guard (start_guard)
BF_PARENT_PID=''     # --parent-pid: the --loopback invocation this run measures a filesystem for

# The profile files.
profiles_dir() {
  printf '%s/scripts/profiles\n' "$BF_ROOT"
}

# check_profile_name NAME: dies unless NAME names a profile file of scripts/profiles/: a name
# ([a-z0-9][a-z0-9._-]*), never a path, so that no other file is ever sourced.
check_profile_name() {
  case $1 in
    [a-z0-9]*) ;;
    *) die "--profile '$1': a profile is a name from scripts/profiles/ (benchfolio-run --list-profiles names them), never a path" ;;
  esac
  case $1 in
    *[!a-z0-9._-]*) die "--profile '$1': a profile is a name from scripts/profiles/ (benchfolio-run --list-profiles names them), never a path" ;;
  esac
  test -f "$(profiles_dir)/$1.sh" || die "unknown profile '$1' (benchfolio-run --list-profiles names them)"
}

# list_profiles: name and one line about each profile.
list_profiles() {
  for lp_file in "$(profiles_dir)"/*.sh; do
    lp_name=${lp_file##*/}
    lp_name=${lp_name%.sh}
    (
      profile_about=''
      # shellcheck disable=SC1090
      . "$lp_file"
      printf '  %-22s %s\n' "$lp_name" "$profile_about"
    )
  done
}

# load_profile NAME: defines the profile's functions and variables in this shell, and sets
# BF_SIZE, BF_RUNTIME and BF_THREADS from the options or the profile's defaults.
load_profile() {
  check_profile_name "$1"
  lo_file="$(profiles_dir)/$1.sh"
  unset -f profile_space profile_prepare profile_run profile_cleanup 2>/dev/null || true
  profile_tools=''
  profile_default_size=''
  profile_default_runtime=''
  profile_default_threads='1'
  profile_prepare() { :; }
  profile_cleanup() { :; }
  # shellcheck disable=SC1090
  . "$lo_file"
  if test -n "$BF_OPT_SIZE"; then
    BF_SIZE=$BF_OPT_SIZE
    BF_SIZE_GIVEN=1
  elif test -n "$profile_default_size"; then
    BF_SIZE=$(to_bytes "$profile_default_size")
    BF_SIZE_GIVEN=''
  else
    BF_SIZE=$BF_RAM_BYTES
    BF_SIZE_GIVEN=''
  fi
  BF_RUNTIME=${BF_OPT_RUNTIME:-$profile_default_runtime}
  BF_THREADS=${BF_OPT_THREADS:-$profile_default_threads}
}

# profile_need NAME: bytes the profile needs free in --dir.
profile_need() {
  (
    load_profile "$1"
    profile_space
  )
}

# sysbench_syntax: the option names of the installed sysbench (0.4/0.5 or 1.x).
sysbench_syntax() {
  BF_SB_FILEIO=fileio
  BF_SB_CPU=cpu
  BF_SB_MEMORY=memory
  BF_SB_THREADS=--threads
  BF_SB_TIME=--time
  BF_SB_EVENTS=--events=0
  if has_cmd sysbench; then
    case $(sysbench --version 2>/dev/null) in
      'sysbench 0.'*)
        BF_SB_FILEIO=--test=fileio
        BF_SB_CPU=--test=cpu
        BF_SB_MEMORY=--test=memory
        BF_SB_THREADS=--num-threads
        BF_SB_TIME=--max-time
        BF_SB_EVENTS=--max-requests=0
        ;;
    esac
  fi
}

# tool_version TOOL: the version line of an installed tool, as it prints it.
tool_version() {
  case $1 in
    fio) fio --version 2>/dev/null | head -n 1 ;;
    sysbench) sysbench --version 2>/dev/null | head -n 1 ;;
    bonnie++) bonnie++ -h 2>&1 | sed -n 's/^Version: *\(.*\)/bonnie++ \1/p' | head -n 1 ;;
    iostat) iostat -V 2>&1 | sed -n 's/^sysstat version \(.*\)/sysstat \1/p' | head -n 1 ;;
    dd) dd --version 2>/dev/null | head -n 1 ;;
  esac
}

# parser_tool TOOL: the name benchfolio's parsers give the tool (bonnie++ is "bonnie").
parser_tool() {
  case $1 in
    bonnie++) printf 'bonnie\n' ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# record_command COMMAND...: appends the command, shell-quoted, to run.yaml's commands.
record_command() {
  printf '  - %s\n' "$(yaml_str "$*")" >>"$BF_STATE/commands.yaml"
}

# drop_caches: flushes and drops the page cache before a benchmark, when asked to.
drop_caches() {
  test "$BF_DROP_CACHES" = 1 || return 0
  if test "$BF_DRY_RUN" = 1; then
    printf 'sync && echo 3 > /proc/sys/vm/drop_caches\n'
    return 0
  fi
  sync
  printf '3\n' >/proc/sys/vm/drop_caches
  record_command 'sync && echo 3 > /proc/sys/vm/drop_caches'
}

# run_child OUT ERR DIR COMMAND...: runs the command in the background in DIR (empty: here),
# standard output to OUT, waits for it (a signal interrupts the wait; the trap stops it), and
# sets rc_status.
run_child() {
  rc_out=$1
  rc_err=$2
  rc_dir=$3
  shift 3
  if test "${BF_STDERR_TOO-}" = 1; then
    # A tool that reports on standard error (dd, bf_capture_stderr): both streams in the output.
    : >"$rc_err"
    (test -z "$rc_dir" || cd "$rc_dir" && exec "$@") >"$rc_out" 2>&1 </dev/null &
  elif test -n "$rc_dir"; then
    (cd "$rc_dir" && exec "$@") >"$rc_out" 2>"$rc_err" </dev/null &
  else
    "$@" >"$rc_out" 2>"$rc_err" </dev/null &
  fi
  BF_CHILD=$!
  rc_status=0
  wait "$BF_CHILD" || rc_status=$?
  BF_CHILD=''
}

# program_of COMMAND...: the program a command runs (after env and its VAR=value words).
program_of() {
  test "$1" != env || shift
  while test "$#" -gt 1; do
    case $1 in
      *=*) shift ;;
      *) break ;;
    esac
  done
  printf '%s\n' "$1"
}

# show_command DIR COMMAND...: the command as recorded (with `cd DIR &&` when it runs there).
show_command() {
  sc_dir=$1
  shift
  if test -n "$sc_dir"; then
    printf 'cd %s && %s\n' "$(shell_quote "$sc_dir")" "$(shell_quote "$@")"
  else
    shell_quote "$@"
  fi
}

# bf_exec_in DIR COMMAND...: a step that prints nothing worth keeping (sysbench prepare and
# cleanup): run in DIR, recorded in commands, its output discarded unless it fails.
bf_exec_in() {
  be_dir=$1
  shift
  be_shown=$(show_command "$be_dir" "$@")
  if test "$BF_DRY_RUN" = 1; then
    printf '%s\n' "$be_shown"
    return 0
  fi
  say "running: $be_shown"
  run_child "$BF_STATE/step.out" "$BF_STATE/step.err" "$be_dir" "$@"
  if test "$rc_status" -ne 0; then
    tail -n 20 "$BF_STATE/step.out" "$BF_STATE/step.err" >&2 || true
    die "$(program_of "$@") exited with status $rc_status: $be_shown"
  fi
  record_command "$be_shown"
}

# bf_capture TOOL LABEL EXT WORKLOAD -- COMMAND...: runs a benchmark and keeps its standard
# output as <tool>--<label>-<repeat>.<ext> in the run folder, listed in run.yaml with the exact
# command. BF_CWD, when set, is the folder the command runs in.
bf_capture() {
  bc_tool=$1
  bc_label=$2
  bc_ext=$3
  bc_workload=$4
  shift 4
  test "${1-}" = -- && shift
  # --repeat auto: a workload that is stable (or at --max-repeat) is not run again.
  if test "$BF_REPEAT" = auto && test "$BF_DRY_RUN" != 1 && stability_is_done "$bc_tool--$bc_label"; then
    return 0
  fi
  bc_file="$bc_tool--$bc_label-$BF_REPEAT_INDEX.$bc_ext"
  bc_shown=$(show_command "${BF_CWD-}" "$@")
  drop_caches
  if test "$BF_DRY_RUN" = 1; then
    # An append's plan (append_plan) collects the names of the files the profiles write.
    test -z "${BF_PLAN-}" || printf '%s\n' "$bc_file" >>"$BF_PLAN"
    printf '%s > %s\n' "$bc_shown" "$(shell_quote "$BF_OUT/$bc_file")"
    return 0
  fi
  test ! -e "$BF_OUT/$bc_file" || die "$BF_OUT/$bc_file exists already: two commands of the run write the same file"
  say "running ($bc_file): $bc_shown"
  bc_when=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  run_child "$BF_OUT/$bc_file" "$BF_STATE/capture.err" "${BF_CWD-}" "$@"
  if test "$rc_status" -ne 0; then
    tail -n 20 "$BF_STATE/capture.err" >&2 || true
    test "${BF_STDERR_TOO-}" != 1 || tail -n 20 "$BF_OUT/$bc_file" >&2 || true
    die "$(program_of "$@") exited with status $rc_status: $bc_shown"
  fi
  if ! test -s "$BF_OUT/$bc_file"; then
    tail -n 20 "$BF_STATE/capture.err" >&2 || true
    die "$(program_of "$@") printed nothing: $bc_shown"
  fi
  record_command "$bc_shown"
  {
    printf '  - file: %s\n' "$(yaml_str "$bc_file")"
    printf '    tool: %s\n' "$bc_tool"
    printf '    workload: %s\n' "$(yaml_str "$bc_workload")"
    printf '    repeat: %s\n' "$BF_REPEAT_INDEX"
    is_measured || printf '    warmup: true\n'
    printf '    command: %s\n' "$(yaml_str "$bc_shown")"
    test "$BF_APPEND" != 1 ||
      printf '    note: %s\n' "$(yaml_str "Added later, by scripts/benchfolio-run --append: made at $bc_when, after the run's other outputs (see notes).")"
  } >>"$BF_STATE/outputs.yaml"
  test "$BF_REPEAT_INDEX" -le "$BF_REPEAT_TOP" || BF_REPEAT_TOP=$BF_REPEAT_INDEX
  is_measured || return 0
  has_headline "$bc_tool" || return 0
  # One run and no warm-up: no statistics to keep (README.md reads the output itself).
  test "$BF_REPEAT" != 1 || test "$BF_WARMUP" != 0 || return 0
  stability_add "$bc_tool--$bc_label" "$bc_tool" "$bc_workload" "$bc_file"
}

# is_measured: whether the repeat running now is a measured one, not a warm-up (--warmup).
is_measured() {
  test "$BF_REPEAT_INDEX" -gt "$BF_WARMUP"
}

# bf_capture_stderr TOOL LABEL EXT WORKLOAD -- COMMAND...: bf_capture for a tool that prints its
# report on standard error (dd): both streams go into the output file, in the order printed.
bf_capture_stderr() {
  BF_STDERR_TOO=1
  bf_capture "$@"
  BF_STDERR_TOO=''
}

# fio_log_dir: an empty folder for the logs of the next fio command (BF_LOGS in the job files).
fio_log_dir() {
  rm -rf "$BF_STATE/fio-logs"
  mkdir "$BF_STATE/fio-logs"
  printf '%s\n' "$BF_STATE/fio-logs"
}

# bf_keep_fio_logs LABEL: after `bf_capture fio LABEL ...`, moves the logs that command wrote into
# BF_LOGS (write_bw_log=${BF_LOGS}/<job> and the like) into the run folder, as
# fio--<label>-<repeat>--<fio's own name>, each listed in run.yaml as a fio-log output of the job
# it names, with the command that wrote it. fio writes an empty log for what it did not measure
# (slat of a synchronous engine): an empty file is no output, so it is dropped.
bf_keep_fio_logs() {
  test "$BF_DRY_RUN" != 1 || return 0
  test -d "$BF_STATE/fio-logs" || return 0
  for kl_path in "$BF_STATE/fio-logs"/*.log; do
    test -e "$kl_path" || continue
    test -s "$kl_path" || continue
    kl_name=${kl_path##*/}
    kl_file="fio--$1-$BF_REPEAT_INDEX--$kl_name"
    test ! -e "$BF_OUT/$kl_file" || die "$BF_OUT/$kl_file exists already: two commands of the run write the same file"
    mv "$kl_path" "$BF_OUT/$kl_file"
    {
      printf '  - file: %s\n' "$(yaml_str "$kl_file")"
      printf '    tool: fio-log\n'
      printf '    workload: %s\n' "$(yaml_str "$(fio_log_job "$kl_name")")"
      printf '    repeat: %s\n' "$BF_REPEAT_INDEX"
      is_measured || printf '    warmup: true\n'
      printf '    command: %s\n' "$(yaml_str "$bc_shown")"
      printf '    note: %s\n' "$(yaml_str "Written by fio during that command (its job file's write_*_log options), beside fio--$1-$BF_REPEAT_INDEX.$bc_ext.")"
    } >>"$BF_STATE/outputs.yaml"
  done
  rm -rf "$BF_STATE/fio-logs"
}

# fio_log_job NAME: the job a log belongs to, from fio's name for it (<prefix>_<kind>.log, where
# the job files give each job its own name as prefix).
fio_log_job() {
  case $1 in
    *_clat_hist.log) printf '%s\n' "${1%_clat_hist.log}" ;;
    *_bw.log | *_iops.log | *_lat.log | *_clat.log | *_slat.log) printf '%s\n' "${1%_*.log}" ;;
    *) printf '%s\n' "${1%.log}" ;;
  esac
}

# start_iostat DEVICES: iostat -x -t -k in the background on the devices, into the run folder.
start_iostat() {
  test "$BF_IOSTAT_INTERVAL" != 0 || return 0
  BF_IOSTAT_FILE="iostat--$BF_RUN.txt"
  si_workload='iostat during the run'
  si_note='Started before the first benchmark and stopped after the last, by its PID.'
  if test "$BF_APPEND" = 1; then
    # Beside the run's own log, for the benchmarks of the append only.
    BF_IOSTAT_FILE=$(append_iostat_file)
    si_workload="iostat during $(printf '%s' "$BF_PROFILES" | sed 's/ /, /g') (added later)"
    si_note="Started before the first benchmark of the append and stopped after its last, by its PID. Added later, by scripts/benchfolio-run --append: started at $(date -u +%Y-%m-%dT%H:%M:%SZ), after the run's other outputs (see notes)."
  fi
  # S_TIME_FORMAT=ISO: each report's time with its UTC offset (2026-11-24T10:55:55+0000), so
  # that it is one instant, placed with fio's logs (log_unix_epoch) on the same clock.
  # shellcheck disable=SC2086 # one word per device
  set -- env S_TIME_FORMAT=ISO iostat -x -t -k "$BF_IOSTAT_INTERVAL" $1
  si_shown="$(shell_quote "$@") &"
  if test "$BF_DRY_RUN" = 1; then
    printf '%s > %s &\n' "$(shell_quote "$@")" "$(shell_quote "$BF_OUT/$BF_IOSTAT_FILE")"
    return 0
  fi
  "$@" >"$BF_OUT/$BF_IOSTAT_FILE" 2>"$BF_STATE/iostat.err" </dev/null &
  BF_IOSTAT_PID=$!
  say "iostat started (PID $BF_IOSTAT_PID): $si_shown"
  record_command "$si_shown"
  {
    printf '  - file: %s\n' "$(yaml_str "$BF_IOSTAT_FILE")"
    printf '    tool: iostat\n'
    printf '    workload: %s\n' "$(yaml_str "$si_workload")"
    printf '    command: %s\n' "$(yaml_str "$(shell_quote "$@")")"
    printf '    note: %s\n' "$(yaml_str "$si_note")"
  } >>"$BF_STATE/outputs.yaml"
}

# start_guard: starts the guard of this runner (scripts/lib/guard.sh: what it does and why), and
# of the --parent-pid invocation if given. Every process started from here on carries BF_RUN_ID
# in its environment: this runner's PID and start, which the guard knows it by.
start_guard() {
  BF_RUN_ID="$$-$(process_start "$$" | tr -c 'A-Za-z0-9:' '_')"
  export BF_RUN_ID
  sh "$BF_ROOT/scripts/lib/guard.sh" "$$" "$BF_RUN_ID" "$BF_PARENT_PID" </dev/null >/dev/null 2>&1 &
  BF_GUARD_PID=$!
}

# stop_iostat: stops the background iostat by its own PID.
stop_iostat() {
  test -n "$BF_IOSTAT_PID" || return 0
  kill "$BF_IOSTAT_PID" 2>/dev/null || true
  wait "$BF_IOSTAT_PID" 2>/dev/null || true
  BF_IOSTAT_PID=''
}

# stop_pid PID [SECONDS]: TERM to the process, again every 0.2 s (a TERM that lands between
# fork and exec is lost), KILL if it has not ended SECONDS (5) later; waits for it.
stop_pid() {
  kill -TERM "$1" 2>/dev/null || return 0
  (
    sp_tries=$((${2:-5} * 5))
    while test "$sp_tries" -gt 0 && kill -0 "$1" 2>/dev/null; do
      sleep 0.2 2>/dev/null || sleep 1
      kill -TERM "$1" 2>/dev/null || exit 0
      sp_tries=$((sp_tries - 1))
    done
    kill -KILL "$1" 2>/dev/null
  ) >/dev/null 2>&1 </dev/null &
  sp_guard=$!
  wait "$1" 2>/dev/null || true
  kill "$sp_guard" 2>/dev/null || true
  wait "$sp_guard" 2>/dev/null || true
}

# stop_children: stops every process this shell started and that still runs, by PID (a
# signal may come between starting a benchmark and learning its PID).
stop_children() {
  for sc_pid in $(ps -o pid= --ppid "$$" 2>/dev/null); do
    stop_pid "$sc_pid"
  done
}

# stop_child: stops the benchmark running now (by its PID) and waits for it.
stop_child() {
  test -n "$BF_CHILD" || return 0
  stop_pid "$BF_CHILD"
  BF_CHILD=''
}

# run_cleanup: everything the run made and does not keep. Called by the EXIT trap.
run_cleanup() {
  stop_child
  stop_iostat
  stop_children
  if test "$BF_DONE" != 1 && test "$BF_OUT_OWNED" = 1; then
    if test -n "$BF_OUT_MADE"; then
      # The innermost first: the run folder, then runs/ and the experiment folder when the
      # runner made them and they are empty now.
      rm -rf "$BF_OUT"
      for rc_made in $BF_OUT_MADE; do
        rmdir "$rc_made" 2>/dev/null || true
      done
    else
      # A run folder that was there, empty: emptied again.
      rm -rf "${BF_OUT:?}"/* "${BF_OUT:?}"/.[!.]* "${BF_OUT:?}"/..?*
    fi
  fi
  BF_OUT_MADE=''
  BF_OUT_OWNED=''
  # An append never touched the run folder before its commit; during it, this puts it back.
  append_restore
  if test -n "$BF_STATE" && test -d "$BF_STATE"; then
    rm -rf "$BF_STATE"
  fi
  BF_STATE=''
  # The work folder last: its marker lists what the run made (the ledger, markers.sh).
  if test -n "$BF_WORKDIR" && test -d "$BF_WORKDIR"; then
    rm -rf "$BF_WORKDIR"
  fi
  BF_WORKDIR=''
  BF_LEDGER=''
}

# check_dir DIR: refuses what is not a directory the runner may fill: a missing path, a device,
# `/`, or a folder holding anything but lost+found.
check_dir() {
  test -n "$1" || die '--dir is required: the directory under test, on the filesystem being measured'
  test ! -b "$1" || die "--dir $1 is a block device: give a directory on the filesystem to measure (the runner never writes to a device)"
  test -e "$1" || die "--dir $1 does not exist"
  test -d "$1" || die "--dir $1 is not a directory"
  cd_real=$(cd "$1" && pwd -P)
  test "$cd_real" != / || die '--dir / refused: give an empty directory made for the test'
  # Through a symbolic link, the real path may hold what the option could not.
  ! has_control "$cd_real" || die "--dir $1 is $(yaml_str "$cd_real"): a path without control characters, please"
  # What a run left there: removed first when that run no longer runs (markers.sh); a run that
  # still runs keeps its --dir. A dry run removes nothing: it says what the run would remove.
  cd_ledger="$cd_real/benchfolio-work/$BF_MARKER"
  cd_dead=''
  if test -f "$cd_ledger" && ! test -L "$cd_real/benchfolio-work"; then
    case $(marker_state "$cd_ledger") in
      alive) die "--dir $1 is in use by a run that still runs ($(marker_who "$cd_ledger")): give another directory, or wait for it" ;;
      other-host) die "--dir $1 holds the work folder of a run on another host ($(marker_who "$cd_ledger")): left alone; remove it there, or by hand once no run uses it" ;;
      unreadable) die "--dir $1 holds a work folder whose marker names no run ($cd_ledger): left alone; remove it by hand once no run uses it" ;;
      dead)
        if test "$BF_DRY_RUN" = 1; then
          printf '# --dir holds what the run of %s left (it no longer runs): the run removes it first, as --cleanup does\n' "$(marker_who "$cd_ledger")"
          cd_dead=$(ledger_names "$cd_ledger" "$cd_real")
        else
          cleanup_dir_leftovers "$cd_real"
        fi
        ;;
    esac
  fi
  # And the temporary folders of dead runs, wherever their --dir was.
  test "$BF_DRY_RUN" = 1 || cleanup_temp_folders
  cd_other=''
  for cd_entry in "$cd_real"/* "$cd_real"/.[!.]* "$cd_real"/..?*; do
    test -e "$cd_entry" || test -L "$cd_entry" || continue
    case " lost+found $cd_dead " in
      *" ${cd_entry##*/} "*) continue ;;
    esac
    cd_other="$cd_other${cd_other:+ }${cd_entry##*/}"
  done
  if test -z "$cd_dead" && test -f "$cd_ledger"; then
    die "--dir $1 holds what the run of $(marker_who "$cd_ledger") left, and not all of it could be removed (see above)"
  fi
  test -z "$cd_other" || die "--dir $1 holds files the runner did not create ($cd_other): give an empty directory"
  test -w "$cd_real" || die "--dir $1 is not writable by $(id -un)"
  BF_DIR=$cd_real
}

# mkdir_out DIR: makes the run folder and its missing parents, remembering them for cleanup.
mkdir_out() {
  mo_dir=$1
  mo_made=''
  # Set here: with nothing to make (the folder is there), the loop below never sets it.
  mo_outer_first=''
  while ! test -d "$mo_dir"; do
    mo_made="$mo_made $mo_dir"
    mo_dir=$(dirname "$mo_dir")
  done
  # shellcheck disable=SC2086 # the made folders, outermost last; paths with blanks are refused
  for mo_path in $mo_made; do
    BF_OUT_MADE="$BF_OUT_MADE $mo_path"
    mo_outer_first="$mo_path${mo_outer_first:+ $mo_outer_first}"
  done
  # In the ledger outermost first: the cleanup, reading it backwards, removes the innermost first.
  # shellcheck disable=SC2086 # the made folders; paths with blanks are refused
  ledger_add_parents $mo_outer_first
  mo_outer_first=''
  mkdir -p "$1"
}

# ledger_add_parents FOLDER...: `parent` lines of the ledger.
ledger_add_parents() {
  for lp_path in "$@"; do
    ledger_add parent "$lp_path"
  done
}

# write_run_yaml: run.yaml of the run folder.
write_run_yaml() {
  {
    printf '# Written by scripts/benchfolio-run. Outputs are as the tools printed them.\n'
    printf 'label: %s\n' "$(yaml_str "$BF_LABEL")"
    printf 'value: %s\n' "$(yaml_str "$BF_VALUE")"
    test -z "$BF_ORDER" || printf 'order: %s\n' "$BF_ORDER"
    printf 'date: %s\n' "$(yaml_str "$BF_DATE")"
    cat "$BF_STATE/system.yaml"
    printf 'tools:\n'
    cat "$BF_STATE/tools.yaml"
    printf 'commands:\n'
    cat "$BF_STATE/commands.yaml"
    printf 'repeat: %s\n' "$BF_REPEAT_TOP"
    printf 'started: %s\n' "$(yaml_str "$BF_STARTED")"
    printf 'ended: %s\n' "$(yaml_str "$BF_ENDED")"
    printf 'outputs:\n'
    cat "$BF_STATE/outputs.yaml"
    if test -s "$BF_STATE/stability.yaml"; then
      printf 'stability:\n'
      cat "$BF_STATE/stability.yaml"
    fi
    printf 'notes: %s\n' "$(yaml_str "$BF_NOTES")"
  } >"$BF_OUT/run.yaml"
}

# resolve_drop_caches: --drop-caches, --no-drop-caches, or the answer to a question asked on a
# terminal (no question without one: then the cache is left alone).
resolve_drop_caches() {
  if test "$BF_DROP_CACHES" = ask; then
    BF_DROP_CACHES=0
    if test "$BF_DRY_RUN" != 1 && test -t 0 && test -t 2; then
      printf '%s: drop the page cache (echo 3 > /proc/sys/vm/drop_caches, needs root) before each benchmark? [y/N] ' "$PROG" >&2
      read -r rd_answer || rd_answer=''
      case $rd_answer in
        y | Y | yes) BF_DROP_CACHES=1 ;;
      esac
    fi
  fi
  if test "$BF_DROP_CACHES" = 1 && test "$(id -u)" -ne 0; then
    die '--drop-caches needs root (it writes /proc/sys/vm/drop_caches)'
  fi
}

# Every profile of the run: --warmup repeats, then --repeat N measured ones, or with --repeat auto
# until each of its workloads is stable or at --max-repeat (bf_capture skips those that are). In a
# dry run the profiles print their commands instead of running them (with --repeat auto, those of
# every repeat that may run).
run_profiles() {
  if test "$BF_REPEAT" = auto; then
    rp_last=$((BF_WARMUP + BF_MAX_REPEAT))
  else
    rp_last=$((BF_WARMUP + BF_REPEAT))
  fi
  for rp_profile in $BF_PROFILES; do
    load_profile "$rp_profile"
    test "$BF_DRY_RUN" = 1 ||
      say "profile $rp_profile: size $BF_SIZE bytes, runtime ${BF_RUNTIME:-n/a} s, threads $BF_THREADS, $(repeat_text)"
    test "$BF_DRY_RUN" = 1 || stability_profile_start
    profile_prepare
    BF_REPEAT_INDEX=1
    while test "$BF_REPEAT_INDEX" -le "$rp_last"; do
      profile_run
      if test "$BF_REPEAT" = auto && test "$BF_DRY_RUN" != 1 && test "$BF_REPEAT_INDEX" -gt "$BF_WARMUP"; then
        stability_pending || break
      fi
      BF_REPEAT_INDEX=$((BF_REPEAT_INDEX + 1))
    done
    profile_cleanup
  done
}

# repeat_text: how often each benchmark runs, for messages.
repeat_text() {
  if test "$BF_REPEAT" = auto; then
    printf 'until its RSD is under %s%% (%s to %s times)' "$BF_TARGET_RSD" "$BF_MIN_REPEAT" "$BF_MAX_REPEAT"
  else
    printf '%s time(s)' "$BF_REPEAT"
  fi
  test "$BF_WARMUP" = 0 || printf ' after %s warm-up run(s)' "$BF_WARMUP"
}

# repeat_options: the repeat options of the run, as given (for run.yaml's notes).
repeat_options() {
  printf -- '--repeat %s' "$BF_REPEAT"
  test "$BF_REPEAT" != auto || printf -- ' --max-repeat %s --target-rsd %s' "$BF_MAX_REPEAT" "$BF_TARGET_RSD"
  test "$BF_WARMUP" = 0 || printf -- ' --warmup %s' "$BF_WARMUP"
}

# single_run: the profiles on --dir, written to the run folder.
single_run() {
  if test "$BF_SKIP_DIR_CHECKS" = 1 && test "$BF_DRY_RUN" = 1; then
    # --loopback --dry-run: the mount point does not exist yet.
    :
  else
    check_dir "$BF_DIR"
  fi
  BF_OUT=${BF_OUT:-$BF_ROOT/content/results/$BF_EXPERIMENT/runs/$BF_RUN}
  case $BF_OUT in
    *[[:space:]]*) die "--out $BF_OUT: a path without blanks, please" ;;
  esac
  if test "$BF_APPEND" = 1; then
    append_check_target "$BF_OUT"
    BF_TARGET=$BF_OUT
  elif test "$BF_DRY_RUN" = 1 && test -f "$BF_OUT/$BF_MARKER" && test "$(marker_state "$BF_OUT/$BF_MARKER")" = dead; then
    printf '# %s is the partial run folder of a run that no longer runs: the run removes it first\n' "$BF_OUT"
  elif test -e "$BF_OUT" && test -n "$(ls -A "$BF_OUT" 2>/dev/null)"; then
    die "$BF_OUT exists and is not empty: the runner never overwrites a run (remove it, or give another --run, or add to it with --append)"
  fi
  BF_RAM_BYTES=$(($(awk '/^MemTotal:/ { print $2; exit }' /proc/meminfo) * 1024))
  sysbench_syntax

  # What the profiles need: tools and space.
  sr_tools=''
  sr_need=0
  for sr_profile in $BF_PROFILES; do
    sr_tools="$sr_tools $(load_profile "$sr_profile" && printf '%s' "$profile_tools")"
    sr_bytes=$(profile_need "$sr_profile")
    test "$sr_bytes" -le "$sr_need" || sr_need=$sr_bytes
  done
  test "$BF_IOSTAT_INTERVAL" = 0 || sr_tools="$sr_tools iostat"
  # shellcheck disable=SC2086 # one word per tool
  sr_tools=$(printf '%s\n' $sr_tools | awk '!seen[$0]++')
  for sr_tool in $sr_tools; do
    need_cmd "$sr_tool" "install it (Debian: apt-get install $(printf '%s' "$sr_tool" | sed 's/^iostat$/sysstat/')), or leave out the profiles that use it"
  done
  # A margin of 5% and 64 MiB for metadata and the tools' own files.
  sr_need=$((sr_need + sr_need / 20 + 67108864))
  if test "$BF_SKIP_DIR_CHECKS" = 1 && test "$BF_DRY_RUN" = 1; then
    printf '# space needed in %s: %s bytes (%s)\n' "$BF_DIR" "$sr_need" "$(human_bytes "$sr_need")"
  else
    sr_avail=$(($(df -Pk "$BF_DIR" | awk 'NR == 2 { print $4 }') * 1024))
    if test "$BF_DRY_RUN" = 1; then
      printf '# space needed in %s: %s bytes (%s); available: %s bytes (%s)\n' \
        "$BF_DIR" "$sr_need" "$(human_bytes "$sr_need")" "$sr_avail" "$(human_bytes "$sr_avail")"
    fi
    test "$sr_avail" -ge "$sr_need" ||
      die "--dir $BF_DIR has $(human_bytes "$sr_avail") free; the profiles need $(human_bytes "$sr_need") (use a smaller --size)"
  fi

  resolve_drop_caches

  BF_WORK="$BF_DIR/benchfolio-work"
  BF_LABEL=${BF_LABEL:-$BF_VALUE}
  sr_devices=$(chain_devices "$BF_DIR" | tr '\n' ' ')
  if test "$BF_APPEND" = 1; then
    # Before anything runs: the files it would write, the tool versions, the system.
    BF_STATE=$(make_temp_dir)
    append_checks "$sr_tools"
  fi
  if test "$BF_DRY_RUN" = 1; then
    printf '# run folder: %s\n' "$BF_OUT"
    printf 'mkdir %s\n' "$(shell_quote "$BF_WORK")"
    BF_REPEAT_INDEX=1
    start_iostat "$sr_devices"
    run_profiles
    test "$BF_IOSTAT_INTERVAL" = 0 || printf 'kill <iostat PID>\n'
    printf 'rm -rf %s\n' "$(shell_quote "$BF_WORK")"
    return 0
  fi

  # The work folder first: its marker is the ledger of everything the run makes from here on.
  start_guard
  open_ledger "$BF_DIR"
  BF_WORKDIR=$BF_WORK
  test -z "$BF_STATE" || ledger_add folder temporary-folder "$BF_STATE"
  if test "$BF_APPEND" = 1; then
    : >"$BF_STATE/commands.yaml"
    : >"$BF_STATE/outputs.yaml"
    # The new version of the run folder, made in the private folder: the run folder itself is
    # left alone until append_commit replaces it.
    mkdir "$BF_STATE/stage"
    BF_OUT="$BF_STATE/stage/${BF_TARGET##*/}"
    cp -pR "$BF_TARGET" "$BF_OUT"
    say "appending to the run folder: $BF_TARGET"
  else
    BF_STATE=$(make_temp_dir)
    ledger_add folder temporary-folder "$BF_STATE"
    : >"$BF_STATE/commands.yaml"
    : >"$BF_STATE/outputs.yaml"
    : >"$BF_STATE/tools.yaml"
    : >"$BF_STATE/stability.yaml"
    BF_OUT_OWNED=1
    mkdir_out "$BF_OUT"
    # A partial run folder carries the marker until run.yaml is written.
    put_marker "$BF_OUT"
    if test -n "$BF_OUT_MADE"; then
      ledger_add folder partial-run-folder "$BF_OUT"
    else
      ledger_add emptied "$BF_OUT"
    fi
    say "run folder: $BF_OUT"
    system_yaml "$BF_DIR" "$BF_MKFS" >"$BF_STATE/system.yaml"
    for sr_tool in $sr_tools; do
      sr_version=$(tool_version "$sr_tool")
      test -z "$sr_version" || printf '  %s: %s\n' "$(parser_tool "$sr_tool")" "$(yaml_str "$sr_version")" >>"$BF_STATE/tools.yaml"
    done
    test -s "$BF_STATE/tools.yaml" || printf '  {}\n' >"$BF_STATE/tools.yaml"
  fi
  stability_reset
  BF_REPEAT_TOP=0

  # The last commit that changed the runner, and whether it has changes not committed yet.
  sr_commit=$(git log -1 --format=%h -- scripts/benchfolio-run scripts/lib scripts/profiles 2>/dev/null) || sr_commit=''
  if test -n "$sr_commit" && test -n "$(git status --porcelain -- scripts/benchfolio-run scripts/lib scripts/profiles 2>/dev/null)"; then
    sr_commit="$sr_commit, with changes not committed"
  fi
  BF_DATE=$(date +%Y-%m-%d)
  BF_STARTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  start_iostat "$sr_devices"
  run_profiles
  stop_iostat
  BF_ENDED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  stability_yaml >"$BF_STATE/stability.yaml"

  if test "$BF_APPEND" = 1; then
    append_finish "$sr_commit"
    if test -n "$BF_APPEND_STAGE"; then
      say "done: the outputs for $BF_TARGET are ready (added when every filesystem is done)"
    else
      say "done: added to $BF_TARGET"
    fi
    return 0
  fi

  sr_drop=no
  test "$BF_DROP_CACHES" != 1 || sr_drop=yes
  BF_NOTES="Made by scripts/benchfolio-run${sr_commit:+ (runner of commit $sr_commit)} with --profile $(printf '%s' "$BF_PROFILES" | sed 's/ / --profile /g') $(repeat_options)${BF_OPT_SIZE_TEXT:+ --size $BF_OPT_SIZE_TEXT}${BF_OPT_RUNTIME:+ --runtime $BF_OPT_RUNTIME}${BF_OPT_THREADS:+ --threads $(printf '%s' "$BF_OPT_THREADS" | tr ' ' ',')}. The tools ran with LC_ALL=C in $BF_WORK (removed afterwards), from the folder holding scripts/. Drop caches before each benchmark: $sr_drop.${BF_NOTE:+ $BF_NOTE}"
  write_run_yaml
  write_run_readme "$BF_OUT"
  rm -f "$BF_OUT/$BF_MARKER"
  BF_DONE=1
  say "done: $BF_OUT"
}
