# --ssh HOST...: the runner and its profiles copied to each host, run there, and the run
# folders brought back. Sourced by benchfolio-run.
#
# Every host is reached, given the runner and checked with its --dry-run (tools, --dir, space)
# before the first benchmark starts anywhere; then each host runs in turn. Whatever fails or
# is interrupted, the EXIT trap stops the runner on the host (its process group: the benchmark
# and iostat too), removes each host's copy, and removes the run folders this invocation
# brought back.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files
# shellcheck disable=SC2086 # BF_SSH_OPTS is a list of ssh options (paths with blanks refused)

BF_SSH_OPTS=''       # options of every ssh and scp: -F FILE (--ssh-config), -o BatchMode=yes
BF_SSH_COUNT=0       # how many hosts
BF_SSH_RESULTS=''    # the folder that receives the run folders
BF_SSH_COPIES=''     # "HOST TMP" pairs: the runner's copy on each host, until removed
BF_SSH_CHILD=''      # PID of the local ssh or scp running now
BF_SSH_STATE=''      # a local folder for what ssh and scp print
BF_SSH_STAGE=''      # a run folder on its way back, beside the run folders
BF_SSH_KEEP=''       # run folders brought back by this invocation (removed if it fails)

# What makes each host's copy: a folder in the host's $TMPDIR, else /tmp.
# shellcheck disable=SC2016 # expanded by the host's shell
SSH_MKTEMP='mktemp -d "${TMPDIR:-/tmp}/benchfolio-run.XXXXXX"'

# ssh_bg tty|- COMMAND...: runs a local ssh or scp in the background and waits for it, so that
# a signal interrupts the wait (the EXIT trap then stops it by its PID); sets sb_status. With
# tty, its standard input is the runner's (fd 3, a terminal); else /dev/null.
ssh_bg() {
  sb_input=$1
  shift
  if test "$sb_input" = tty; then
    "$@" <&3 &
  else
    "$@" </dev/null &
  fi
  BF_SSH_CHILD=$!
  sb_status=0
  wait "$BF_SSH_CHILD" || sb_status=$?
  BF_SSH_CHILD=''
}

# ssh_die MESSAGE: dies with MESSAGE and the last line that ssh, scp or the runner on the host
# printed on standard error (kept in the state folder; the runner's "benchfolio-run: error: "
# taken off), the lines before it shown first.
ssh_die() {
  sd_lines=$(sed 's/\r$//; /^$/d' "$BF_SSH_STATE/err")
  test -z "$sd_lines" || printf '%s\n' "$sd_lines" | sed '$d' >&2
  die "$1${sd_lines:+: $(printf '%s\n' "$sd_lines" | sed -n '$s/^benchfolio-run: error: //; $p')}"
}

# ssh_names HOST: sn_run and sn_value, the run folder and the value of the run made on HOST:
# named after the host, unless a single host was given --run.
ssh_names() {
  if test "$BF_SSH_COUNT" -eq 1 && test -n "$BF_RUN"; then
    sn_run=$BF_RUN
  else
    sn_run=$(slugify "${1#*@}")
  fi
  sn_value=${BF_VALUE:-$sn_run}
  test "$BF_SSH_COUNT" -eq 1 || sn_value=${1#*@}
}

# ssh_runner_args HOST TMP: the runner's options on HOST, its copy in TMP, quoted for a shell.
ssh_runner_args() {
  ssh_names "$1"
  sra_out=$2/out
  test -n "$BF_LOOPBACK" || sra_out=$sra_out/$sn_run
  if test -n "$BF_LOOPBACK"; then
    set -- --loopback "$BF_LOOPBACK"
  else
    set -- --run "$sn_run" --value "$sn_value"
    test -z "$BF_LABEL" || test "$BF_SSH_COUNT" -gt 1 || set -- "$@" --label "$BF_LABEL"
  fi
  set -- "$@" --dir "$BF_DIR" --experiment "$BF_EXPERIMENT" --iostat-interval "$BF_IOSTAT_INTERVAL"
  # shellcheck disable=SC2046 # repeat_options prints option words without blanks, split on purpose
  set -- "$@" $(repeat_options)
  for sra_profile in $BF_PROFILES; do
    set -- "$@" --profile "$sra_profile"
  done
  test -z "$BF_OPT_SIZE_TEXT" || set -- "$@" --size "$BF_OPT_SIZE_TEXT"
  test -z "$BF_OPT_RUNTIME" || set -- "$@" --runtime "$BF_OPT_RUNTIME"
  test -z "$BF_OPT_THREADS" || set -- "$@" --threads "$BF_OPT_THREADS"
  test -z "$BF_NOTE" || set -- "$@" --note "$BF_NOTE"
  test -z "$BF_IMAGE_SIZE" || set -- "$@" --image-size "$BF_IMAGE_SIZE"
  case $BF_DROP_CACHES in
    1) set -- "$@" --drop-caches ;;
    *) set -- "$@" --no-drop-caches ;;
  esac
  shell_quote "$@" --out "$sra_out"
}

# ssh_check_command HOST TMP: the command that checks the options on HOST with --dry-run.
ssh_check_command() {
  printf 'cd %s && sh scripts/benchfolio-run %s --dry-run >/dev/null\n' "$(shell_quote "$2")" "$(ssh_runner_args "$1" "$2")"
}

# ssh_run_command HOST TMP: the command that runs the runner on HOST. Its PID goes to
# TMP/runner.pid (the shell sshd started is replaced by the runner, so the PID is the
# runner's, and its process group the benchmark's too). SIGPIPE is ignored: when the
# connection drops, writing a progress line fails instead of killing the runner before its
# EXIT trap has stopped the benchmark and removed its files.
ssh_run_command() {
  printf "cd %s && echo \$\$ >runner.pid && trap '' PIPE && exec sh scripts/benchfolio-run %s\n" \
    "$(shell_quote "$2")" "$(ssh_runner_args "$1" "$2")"
}

# ssh_stop_script TMP: the commands that stop the runner of TMP, if it runs (TERM to its
# process group, KILL 20 s later), and remove TMP. The PID is trusted only while that
# process's command line names TMP.
ssh_stop_script() {
  cat <<EOF
t=$(shell_quote "$1")
p=\$(cat "\$t/runner.pid" 2>/dev/null) || p=''
if test -n "\$p" && ps -o args= -p "\$p" 2>/dev/null | grep -qF "\$t/"; then
  kill -TERM -- "-\$p" 2>/dev/null || kill -TERM "\$p" 2>/dev/null
  i=0
  while kill -0 -- "-\$p" 2>/dev/null || kill -0 "\$p" 2>/dev/null; do
    if test "\$i" -ge 100; then
      kill -KILL -- "-\$p" 2>/dev/null || kill -KILL "\$p" 2>/dev/null
      break
    fi
    sleep 0.2 2>/dev/null || sleep 1
    i=\$((i + 1))
  done
fi
rm -rf "\$t"
EOF
}

# ssh_cleanup: the EXIT trap of --ssh. Stops the local ssh or scp, then on each host the
# runner (if it runs) and its copy; unless the whole invocation succeeded, removes the run
# folders it brought back.
ssh_cleanup() {
  trap - EXIT
  if test -n "$BF_SSH_CHILD"; then
    stop_pid "$BF_SSH_CHILD"
    BF_SSH_CHILD=''
  fi
  set -- $BF_SSH_COPIES
  while test "$#" -ge 2; do
    say "$1: removing $2 (the runner stopped first, if it still runs there)"
    ssh $BF_SSH_OPTS -o ConnectTimeout=20 "$1" "sh -c $(shell_quote "$(ssh_stop_script "$2")")" </dev/null >/dev/null 2>&1 ||
      warn "$1: could not reach it to clean up: remove $2 there by hand, after stopping the runner whose PID is in $2/runner.pid if it still runs"
    shift 2
  done
  BF_SSH_COPIES=''
  if test -n "$BF_SSH_STAGE"; then
    rm -rf "$BF_SSH_STAGE"
    BF_SSH_STAGE=''
  fi
  if test "$BF_DONE" != 1; then
    for sc_run in $BF_SSH_KEEP; do
      rm -rf "$sc_run"
    done
    for sc_made in $BF_OUT_MADE; do
      rmdir "$sc_made" 2>/dev/null || true
    done
  fi
  if test -n "$BF_SSH_STATE"; then
    rm -rf "$BF_SSH_STATE"
    BF_SSH_STATE=''
  fi
}

# ssh_setup: the ssh options, and the checks made before any host is contacted: the run
# folders named after the hosts are distinct and not there yet.
ssh_setup() {
  BF_SSH_OPTS='-o BatchMode=yes'
  if test -n "$BF_SSH_CONFIG"; then
    case $BF_SSH_CONFIG in
      *[[:space:]]*) die "--ssh-config $BF_SSH_CONFIG: a path without blanks, please" ;;
    esac
    if ! test -f "$BF_SSH_CONFIG" || ! test -r "$BF_SSH_CONFIG"; then
      die "--ssh-config $BF_SSH_CONFIG: no such readable file"
    fi
    BF_SSH_OPTS="-F $BF_SSH_CONFIG $BF_SSH_OPTS"
  fi
  BF_SSH_COUNT=$(printf '%s' "$BF_SSH" | wc -w)
  if test -n "$BF_LOOPBACK" && test "$BF_SSH_COUNT" -gt 1; then
    die '--ssh with --loopback takes one host: each host would make runs named after the same filesystems'
  fi
  test -n "$BF_DIR" || die '--dir is required: the directory under test on each host'
  BF_SSH_RESULTS=${BF_OUT:-$BF_ROOT/content/results/$BF_EXPERIMENT/runs}
  case $BF_SSH_RESULTS in
    *[[:space:]]*) die "--out $BF_SSH_RESULTS: a path without blanks, please" ;;
  esac
  if test "$BF_DRY_RUN" != 1; then
    need_cmd ssh
    need_cmd scp
  fi
  ss_runs=''
  for ss_host in $BF_SSH; do
    if test -n "$BF_LOOPBACK"; then
      ss_names=$(printf '%s' "$BF_LOOPBACK" | tr ',' ' ')
    else
      ssh_names "$ss_host"
      ss_names=$sn_run
      case " $ss_runs " in
        *" $sn_run "*) die "--ssh: two hosts would make the run $sn_run (host names are unique after user@)" ;;
      esac
    fi
    ss_runs="$ss_runs $ss_names"
  done
  for ss_run in $ss_runs; do
    test "$BF_DRY_RUN" = 1 || test ! -e "$BF_SSH_RESULTS/$ss_run" ||
      die "$BF_SSH_RESULTS/$ss_run exists: the runner never overwrites a run"
  done
}

# ssh_dry_run: the commands --ssh would run, host by host, in their order.
ssh_dry_run() {
  sd_index=0
  for sd_host in $BF_SSH; do
    sd_index=$((sd_index + 1))
    printf '# %s: the runner copied and its options checked there (every host before the first run)\n' "$sd_host"
    # shellcheck disable=SC2016 # a command substitution of the printed commands
    printf 'TMP%s=$(%s)\n' "$sd_index" "$(shell_quote ssh $BF_SSH_OPTS "$sd_host" "$SSH_MKTEMP")"
    shell_quote scp $BF_SSH_OPTS -q -r "$BF_ROOT/scripts" "$sd_host:\$TMP$sd_index/"
    shell_quote ssh $BF_SSH_OPTS "$sd_host" "$(ssh_check_command "$sd_host" "\$TMP$sd_index")"
  done
  sd_index=0
  for sd_host in $BF_SSH; do
    sd_index=$((sd_index + 1))
    ssh_names "$sd_host"
    printf '# %s: the run, brought back\n' "$sd_host"
    shell_quote ssh $BF_SSH_OPTS "$sd_host" "$(ssh_run_command "$sd_host" "\$TMP$sd_index")"
    if test -n "$BF_LOOPBACK"; then
      shell_quote scp $BF_SSH_OPTS -q -r "$sd_host:\$TMP$sd_index/out/*" "$BF_SSH_RESULTS/"
    else
      shell_quote scp $BF_SSH_OPTS -q -r "$sd_host:\$TMP$sd_index/out/$sn_run" "$BF_SSH_RESULTS/"
    fi
    shell_quote ssh $BF_SSH_OPTS "$sd_host" "rm -rf $(shell_quote "\$TMP$sd_index")"
  done
}

# ssh_prepare HOST: makes the runner's copy on HOST, copies the runner there and checks the
# options with its --dry-run, so that a host without a tool, or whose --dir is not fit, stops
# everything before the first benchmark.
ssh_prepare() {
  sp_host=$1
  say "$sp_host: copying the runner"
  ssh_bg - ssh $BF_SSH_OPTS "$sp_host" "$SSH_MKTEMP" >"$BF_SSH_STATE/out" 2>"$BF_SSH_STATE/err"
  if test "$sb_status" -eq 255; then
    ssh_die "$sp_host: ssh could not connect or log in (status 255)"
  fi
  test "$sb_status" -eq 0 || ssh_die "$sp_host: could not make a temporary folder (status $sb_status)"
  sp_tmp=$(sed -n '$p' "$BF_SSH_STATE/out")
  case $sp_tmp in
    *[[:space:]]*) die "$sp_host: mktemp made '$sp_tmp': a folder without blanks, please (the host's TMPDIR)" ;;
    /*) ;;
    *) die "$sp_host: mktemp printed '$sp_tmp', not a folder" ;;
  esac
  BF_SSH_COPIES="$BF_SSH_COPIES $sp_host $sp_tmp"
  ssh_bg - scp $BF_SSH_OPTS -q -r "$BF_ROOT/scripts" "$sp_host:$sp_tmp/" 2>"$BF_SSH_STATE/err"
  test "$sb_status" -eq 0 || ssh_die "$sp_host: could not copy the runner to $sp_tmp (scp status $sb_status)"
  ssh_bg - ssh $BF_SSH_OPTS "$sp_host" "$(ssh_check_command "$sp_host" "$sp_tmp")" 2>"$BF_SSH_STATE/err"
  if test "$sb_status" -eq 255; then
    ssh_die "$sp_host: the connection was lost while checking the options there (ssh status 255)"
  fi
  test "$sb_status" -eq 0 || ssh_die "$sp_host"
  # What the check printed (warnings) when it passed.
  cat "$BF_SSH_STATE/err" >&2
}

# ssh_run HOST TMP: runs the runner on HOST, brings its run folder(s) back (through a folder
# beside them, renamed into place, so an interrupted copy leaves no partial run folder) and
# removes the copy on HOST.
ssh_run() {
  sr_host=$1
  sr_tmp=$2
  sr_remote=$(ssh_run_command "$sr_host" "$sr_tmp")
  say "$sr_host: running $sr_remote"
  # From a terminal, one on the host too (-t): Ctrl-C reaches the runner there, which stops.
  if test -t 0; then
    ssh_bg tty ssh $BF_SSH_OPTS -t "$sr_host" "$sr_remote"
  else
    ssh_bg - ssh $BF_SSH_OPTS "$sr_host" "$sr_remote"
  fi
  case $sb_status in
    0) ;;
    255) die "$sr_host: the connection was lost while the runner ran there (ssh status 255)" ;;
    129 | 130 | 143)
      say "$sr_host: the runner there was interrupted (status $sb_status)"
      exit "$sb_status"
      ;;
    *) die "$sr_host: the runner failed there (status $sb_status; its messages are above)" ;;
  esac
  BF_SSH_STAGE=$(mktemp -d "$BF_SSH_RESULTS/.benchfolio-ssh.XXXXXX")
  ssh_names "$sr_host"
  sr_from="$sr_tmp/out/$sn_run"
  test -z "$BF_LOOPBACK" || sr_from="$sr_tmp/out/*"
  ssh_bg - scp $BF_SSH_OPTS -q -r "$sr_host:$sr_from" "$BF_SSH_STAGE/" 2>"$BF_SSH_STATE/err"
  test "$sb_status" -eq 0 || ssh_die "$sr_host: could not bring the run folder back (scp status $sb_status)"
  sr_back=''
  for sr_path in "$BF_SSH_STAGE"/*; do
    test -d "$sr_path" || die "$sr_host: no run folder came back from $sr_from"
    mv "$sr_path" "$BF_SSH_RESULTS/"
    sr_back="$sr_back $BF_SSH_RESULTS/${sr_path##*/}"
    BF_SSH_KEEP="$BF_SSH_KEEP $BF_SSH_RESULTS/${sr_path##*/}"
  done
  rmdir "$BF_SSH_STAGE"
  BF_SSH_STAGE=''
  for sr_path in $sr_back; do
    say "$sr_host: run folder brought back: $sr_path"
  done
  ssh_bg - ssh $BF_SSH_OPTS "$sr_host" "rm -rf $(shell_quote "$sr_tmp")" 2>"$BF_SSH_STATE/err"
  test "$sb_status" -eq 0 || ssh_die "$sr_host: could not remove $sr_tmp there (status $sb_status)"
  # That host's pair leaves the list of copies to remove.
  sr_left=''
  set -- $BF_SSH_COPIES
  while test "$#" -ge 2; do
    test "$1 $2" = "$sr_host $sr_tmp" || sr_left="$sr_left $1 $2"
    shift 2
  done
  BF_SSH_COPIES=$sr_left
}

# ssh_main: --ssh HOST...: every host prepared, then each run in turn and brought back.
ssh_main() {
  ssh_setup
  if test "$BF_DRY_RUN" = 1; then
    ssh_dry_run
    BF_DONE=1
    return 0
  fi
  trap 'ssh_cleanup' EXIT
  BF_SSH_STATE=$(mktemp -d "${TMPDIR:-/tmp}/benchfolio-ssh.XXXXXX")
  # Killed outright, the next run finds it by its marker (markers.sh).
  put_marker "$BF_SSH_STATE"
  # The terminal, for ssh -t (a command started with & reads /dev/null otherwise).
  if test -t 0; then
    exec 3<&0
  fi
  for sm_host in $BF_SSH; do
    ssh_prepare "$sm_host"
  done
  mkdir_out "$BF_SSH_RESULTS"
  set -- $BF_SSH_COPIES
  while test "$#" -ge 2; do
    ssh_run "$1" "$2"
    shift 2
  done
  say "done: $(printf '%s' "$BF_SSH_KEEP" | wc -w) run(s) in $BF_SSH_RESULTS"
  BF_DONE=1
}
