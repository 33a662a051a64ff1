# --ssh HOST...: the runner and its profiles copied to each host, run there, and the run
# folders brought back. Sourced by benchfolio-run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files
# shellcheck disable=SC2086 # BF_SSH_OPTS is a list of ssh options

BF_SSH_HOST=''       # the host being worked on
BF_SSH_TMP=''        # its temporary folder (removed at the end)

# ssh_cmd WORD...: prints (dry run) or runs a local command that talks to a host.
ssh_cmd() {
  if test "$BF_DRY_RUN" = 1; then
    shell_quote "$@"
    return 0
  fi
  "$@"
}

# ssh_cleanup: removes the temporary folder on the host being worked on.
ssh_cleanup() {
  if test -n "$BF_SSH_TMP" && test -n "$BF_SSH_HOST"; then
    # shellcheck disable=SC2029 # the path is quoted here for the host's shell
    ssh $BF_SSH_OPTS "$BF_SSH_HOST" "rm -rf $(shell_quote "$BF_SSH_TMP")" </dev/null 2>/dev/null || true
  fi
  BF_SSH_TMP=''
}

# ssh_main "$@": the original options without --ssh; runs them on every host.
ssh_main() {
  BF_SSH_OPTS=${BF_SSH_OPTS:--o BatchMode=yes}
  sm_count=$(printf '%s' "$BF_SSH" | wc -w)
  if test -n "$BF_LOOPBACK" && test "$sm_count" -gt 1; then
    die '--ssh with --loopback takes one host: each host would make runs named after the same filesystems'
  fi
  test -n "$BF_DIR" || die '--dir is required: the directory under test on each host'
  sm_results=$BF_ROOT/content/results/$BF_EXPERIMENT/runs
  test -z "$BF_OUT" || sm_results=$BF_OUT
  test "$BF_DRY_RUN" = 1 || need_cmd ssh
  test "$BF_DRY_RUN" = 1 || trap 'ssh_cleanup' EXIT

  for sm_host in $BF_SSH; do
    # One run per host, named after it unless a single host was given --run.
    if test "$sm_count" -eq 1 && test -n "$BF_RUN"; then
      sm_run=$BF_RUN
    else
      sm_run=$(slugify "${sm_host#*@}")
    fi
    sm_value=${BF_VALUE:-$sm_run}
    test "$sm_count" -eq 1 || sm_value=${sm_host#*@}
    if test -n "$BF_LOOPBACK"; then
      set -- --loopback "$BF_LOOPBACK"
    else
      set -- --run "$sm_run" --value "$sm_value"
      test -z "$BF_LABEL" || test "$sm_count" -gt 1 || set -- "$@" --label "$BF_LABEL"
      test -e "$sm_results/$sm_run" && test "$BF_DRY_RUN" != 1 && die "$sm_results/$sm_run exists: the runner never overwrites a run"
    fi
    set -- "$@" --dir "$BF_DIR" --experiment "$BF_EXPERIMENT" --repeat "$BF_REPEAT" --iostat-interval "$BF_IOSTAT_INTERVAL"
    for sm_profile in $BF_PROFILES; do
      set -- "$@" --profile "$sm_profile"
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

    if test "$BF_DRY_RUN" = 1; then
      # shellcheck disable=SC2016 # a variable of the printed commands
      sm_tmp='$TMP'
      printf '# %s\n' "$sm_host"
      # shellcheck disable=SC2016 # a command substitution of the printed commands
      printf 'TMP=$(%s)\n' "$(shell_quote ssh $BF_SSH_OPTS "$sm_host" 'mktemp -d /tmp/benchfolio-run.XXXXXX')"
    else
      say "$sm_host: copying the runner"
      BF_SSH_HOST=$sm_host
      sm_tmp=$(ssh $BF_SSH_OPTS "$sm_host" 'mktemp -d /tmp/benchfolio-run.XXXXXX' </dev/null)
      test -n "$sm_tmp" || die "$sm_host: could not make a temporary folder"
      BF_SSH_TMP=$sm_tmp
    fi
    # The runner, its helpers and its profiles, in the layout it expects (scripts/...).
    ssh_cmd scp $BF_SSH_OPTS -q -r "$BF_ROOT/scripts" "$sm_host:$sm_tmp/"
    sm_remote="cd $(shell_quote "$sm_tmp") && sh scripts/benchfolio-run $(shell_quote "$@" --out "$sm_tmp/out/$sm_run")"
    test -z "$BF_LOOPBACK" || sm_remote="cd $(shell_quote "$sm_tmp") && sh scripts/benchfolio-run $(shell_quote "$@" --out "$sm_tmp/out")"
    test "$BF_DRY_RUN" = 1 || say "$sm_host: running $sm_remote"
    # -t when on a terminal: one on the host too, so Ctrl-C reaches the runner there and it
    # cleans up.
    if test -t 0; then
      ssh_cmd ssh $BF_SSH_OPTS -t "$sm_host" "$sm_remote"
    else
      ssh_cmd ssh $BF_SSH_OPTS "$sm_host" "$sm_remote" </dev/null
    fi
    test "$BF_DRY_RUN" = 1 || mkdir_out "$sm_results"
    if test -n "$BF_LOOPBACK"; then
      ssh_cmd scp $BF_SSH_OPTS -q -r "$sm_host:$sm_tmp/out/*" "$sm_results/"
    else
      ssh_cmd scp $BF_SSH_OPTS -q -r "$sm_host:$sm_tmp/out/$sm_run" "$sm_results/"
    fi
    ssh_cmd ssh $BF_SSH_OPTS "$sm_host" "rm -rf $(shell_quote "$sm_tmp")"
    BF_SSH_TMP=''
  done
  BF_DONE=1
}
