# --append: more profiles' outputs added to a run folder the runner wrote earlier, on the same
# system, without overwriting anything, and all at once (an interrupted append leaves the run
# folder as it was). Sourced by benchfolio-run after run.sh.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files

BF_TARGET=''         # the run folder appended to (BF_OUT is its new version meanwhile)
BF_TARGET_SUM=''     # cksum of its run.yaml when the append started
BF_COMMIT_DIR=''     # beside the run folders while they are replaced (append_commit)
BF_COMMIT_RUNS=''    # the run folders being replaced

# The first line of every run.yaml the runner writes (write_run_yaml).
BF_HEADER='# Written by scripts/benchfolio-run'

# append_check_target DIR: refuses what is not a run folder the runner wrote: missing, a
# symbolic link, no run.yaml, or a run.yaml that does not begin with the runner's first line.
append_check_target() {
  test -e "$1" || die "--append: $1 does not exist: an append adds to a run folder the runner wrote (without --append it makes one)"
  test ! -L "$1" || die "--append: $1 is a symbolic link: give the run folder itself"
  test -d "$1" || die "--append: $1 is not a folder"
  if ! test -f "$1/run.yaml" || test -L "$1/run.yaml"; then
    die "--append: $1 has no run.yaml: an append adds to a run folder the runner wrote"
  fi
  case $(head -n 1 "$1/run.yaml") in
    "$BF_HEADER"*) ;;
    *) die "--append: $1/run.yaml was not written by the runner (its first line is not '$BF_HEADER...'): the runner appends only to runs it made" ;;
  esac
  test -w "$1" || die "--append: $1 is not writable by $(id -un)"
}

# yaml_section FILE KEY: the lines of run.yaml's top-level KEY, its own line first.
yaml_section() {
  awk -v key="$2" '
    /^[^ #]/ { inside = (substr($0, 1, length(key) + 1) == key ":") }
    inside { print }
  ' "$1"
}

# system_flat: a `system:` block as system_yaml writes it (standard input) as one "path value"
# line per field (`kernel '6.1.0'`, `cpu.model 'AMD EPYC'`, `disks.1.model 'QEMU'`), with loop
# device numbers written loopN: a loop image made afresh may get another one.
system_flat() {
  awk '
    /^system:/ { inside = 1; next }
    inside && /^[^ ]/ { inside = 0 }
    !inside || /^ *#/ || /^ *$/ { next }
    {
      line = $0
      match(line, /^ */)
      indent = RLENGTH
      line = substr(line, indent + 1)
      item = 0
      if (substr(line, 1, 2) == "- ") { item = 1; line = substr(line, 3); indent += 2 }
      colon = index(line, ":")
      if (colon == 0) { print "unreadable." NR " " line; next }
      key = substr(line, 1, colon - 1)
      value = substr(line, colon + 1)
      sub(/^ +/, "", value)
      if (indent <= 2) { top = key; n = 0; path = key }
      else if (indent <= 4) path = top "." key
      else { if (item) n++; path = top "." n "." key }
      gsub(/loop[0-9]+/, "loopN", value)
      if (value != "") print path " " value
    }
  '
}

# append_check_system RECORDED NOW: dies naming every field of the system that differs between
# the run.yaml RECORDED and the `system:` block NOW (both files), and that a reader would take
# for the system of every output: the whole block but the mount point (a loop image is mounted
# where --dir is); the mkfs command only when --mkfs or --loopback gives it now.
append_check_system() {
  system_flat <"$1" >"$BF_STATE/system-then.txt"
  system_flat <"$2" >"$BF_STATE/system-now.txt"
  acs_skip='filesystem.mountpoint'
  test -n "$BF_MKFS" || acs_skip="$acs_skip filesystem.mkfs"
  acs_diff=$(awk -v skip=" $acs_skip " '
    function field(line) { return substr(line, 1, index(line, " ") - 1) }
    function value(line) { return substr(line, index(line, " ") + 1) }
    FNR == NR { then[field($0)] = value($0); order[++count] = field($0); next }
    {
      now[field($0)] = value($0)
      if (!(field($0) in then)) order[++count] = field($0)
    }
    END {
      for (i = 1; i <= count; i++) {
        f = order[i]
        if (index(skip, " " f " ") > 0 || (f in shown)) continue
        shown[f] = 1
        if (!(f in now)) out = out "; " f ": " then[f] " recorded, not seen now"
        else if (!(f in then)) out = out "; " f ": not recorded, " now[f] " now"
        else if (then[f] != now[f]) out = out "; " f ": " then[f] " recorded, " now[f] " now"
      }
      print substr(out, 3)
    }
  ' "$BF_STATE/system-then.txt" "$BF_STATE/system-now.txt")
  test -n "$acs_diff" || return 0
  acs_hint=''
  case $acs_diff in
    *filesystem.note*) acs_hint=' (filesystem.note is what the filesystem tells of its mkfs parameters: with --loopback, give the --image-size the first run had)' ;;
  esac
  die "--append: the system differs from the one $BF_TARGET/run.yaml records, in $acs_diff.$acs_hint Outputs added to a run must come from the system it records: make a new run instead"
}

# append_listed FILE: the output files a run.yaml lists, one per line.
append_listed() {
  yaml_section "$1" outputs | sed -n "s/^  - file: '\\(.*\\)'\$/\\1/p; s/^  - file: \\([^'\"].*\\)\$/\\1/p" | sed "s/''/'/g"
}

# append_plan FILE: the names of the files the profiles would write, one per line (a dry run of
# them, silent), and the iostat log's.
append_plan() {
  ap_dry=$BF_DRY_RUN
  ap_drop=$BF_DROP_CACHES
  BF_DRY_RUN=1
  BF_DROP_CACHES=0
  BF_PLAN=$1
  : >"$BF_PLAN"
  run_profiles >/dev/null
  BF_PLAN=''
  BF_DRY_RUN=$ap_dry
  BF_DROP_CACHES=$ap_drop
  test "$BF_IOSTAT_INTERVAL" = 0 || printf '%s\n' "$(append_iostat_file)" >>"$1"
}

# append_iostat_file: the name of the iostat log of an append: iostat--<run>-<profiles>.txt.
append_iostat_file() {
  printf 'iostat--%s-%s.txt\n' "$BF_RUN" "$(printf '%s' "$BF_PROFILES" | tr ' ' '-')"
}

# append_checks TOOLS: everything an append checks before it runs anything: no file it would
# write exists or is listed, no tool's version differs from the one recorded, and (unless the
# filesystem is not made yet, in a --loopback dry run) the system is the one recorded. Writes
# the tools to add ($BF_STATE/tools.yaml).
append_checks() {
  ac_yaml="$BF_TARGET/run.yaml"
  BF_TARGET_SUM=$(cksum <"$ac_yaml")

  append_plan "$BF_STATE/plan.txt"
  append_listed "$ac_yaml" >"$BF_STATE/listed.txt"
  ac_taken=''
  while IFS= read -r ac_file; do
    if test -e "$BF_TARGET/$ac_file" || test -L "$BF_TARGET/$ac_file" || grep -Fqx -- "$ac_file" "$BF_STATE/listed.txt"; then
      ac_taken="$ac_taken${ac_taken:+, }$ac_file"
    fi
  done <"$BF_STATE/plan.txt"
  test -z "$ac_taken" ||
    die "--append: $BF_TARGET has $ac_taken already: the runner never overwrites an output (the repeats of a profile are made in one run or one append; make a new run for more)"

  # The tools: one version each in run.yaml's tools, so a different one is refused.
  yaml_section "$ac_yaml" tools >"$BF_STATE/tools-then.txt"
  : >"$BF_STATE/tools.yaml"
  for ac_tool in $1; do
    ac_version=$(tool_version "$ac_tool")
    test -n "$ac_version" || continue
    ac_name=$(parser_tool "$ac_tool")
    ac_then=$(sed -n "s/^  $ac_name: //p" "$BF_STATE/tools-then.txt" | head -n 1)
    if test -z "$ac_then"; then
      printf '  %s: %s\n' "$ac_name" "$(yaml_str "$ac_version")" >>"$BF_STATE/tools.yaml"
    elif test "$ac_then" != "$(yaml_str "$ac_version")"; then
      die "--append: run.yaml records $ac_name $ac_then, and $ac_version is installed now: a run names one version of each tool, so make a new run"
    fi
  done

  if test "$BF_SKIP_DIR_CHECKS" = 1 && test "$BF_DRY_RUN" = 1; then
    printf '# the system is compared with %s once the filesystem is made\n' "$ac_yaml"
    return 0
  fi
  # Without --mkfs, the recorded command stands (the runner cannot read it back; what the
  # filesystem tells of its parameters is compared all the same).
  system_yaml "$BF_DIR" "$BF_MKFS" >"$BF_STATE/system-now.yaml"
  append_check_system "$ac_yaml" "$BF_STATE/system-now.yaml"
  test "$BF_DRY_RUN" != 1 || printf '# the system is the one %s records\n' "$ac_yaml"
}

# append_run_yaml OLD NEW NOTE REPEAT: run.yaml OLD with the append's tools, commands, outputs and
# stability entries ($BF_STATE/tools.yaml, commands.yaml, outputs.yaml, stability.yaml) added at
# the end of their lists,
# repeat raised to REPEAT when higher, and the sentence in the file NOTE added to notes. Every
# other line is kept as it was.
append_run_yaml() {
  ary_status=0
  awk -v tools="$BF_STATE/tools.yaml" -v commands="$BF_STATE/commands.yaml" -v outputs="$BF_STATE/outputs.yaml" \
    -v stability="$BF_STATE/stability.yaml" -v notefile="$3" -v repeat="$4" '
    function slurp(file, text, line) {
      text = ""
      while ((getline line < file) > 0) text = text line "\n"
      close(file)
      return text
    }
    function quote(text) { gsub(/\047/, "\047\047", text); return "\047" text "\047" }
    function flush(i, last, value, indent) {
      if (section == "") { for (i = 1; i <= n; i++) print buf[i]; n = 0; return }
      last = n
      while (last > 1 && buf[last] ~ /^[ \t]*$/) last--
      if (section == "tools" || section == "commands" || section == "outputs" || section == "stability") {
        sub("^" section ":[ \t]*(\\{\\}|\\[\\])[ \t]*$", section ":", buf[1])
        print buf[1]
        for (i = 2; i <= last; i++) if (buf[i] !~ /^[ \t]*\{\}[ \t]*$/) print buf[i]
        printf "%s", add[section]
        if (section == "tools" && add["tools"] == "" && last == 1 && buf[1] == "tools:") print "  {}"
      } else if (section == "repeat") {
        value = buf[1]
        sub(/^repeat:[ \t]*/, "", value)
        print "repeat: " (value + 0 > repeat + 0 ? value + 0 : repeat + 0)
      } else if (section == "notes") {
        value = buf[1]
        sub(/^notes:[ \t]*/, "", value)
        if (last == 1 && value ~ /^\047.*\047$/ && length(value) >= 2) {
          value = substr(value, 2, length(value) - 2)
          gsub(/\047\047/, "\047", value)
          print "notes: " quote(value " " note)
        } else if (last == 1 && value == "") {
          print "notes: " quote(note)
        } else if (last == 1 && value !~ /^["|>&*!%@`{}\[\],#?:-]/) {
          print "notes: " quote(value " " note)
        } else if (value ~ /^[|>][-+0-9]*$/ && last >= 2) {
          for (i = 1; i <= last; i++) print buf[i]
          match(buf[2], /^ */)
          indent = substr(buf[2], 1, RLENGTH)
          if (indent == "") indent = "  "
          print indent note
        } else {
          failed = 1
          exit 3
        }
      } else {
        for (i = 1; i <= n; i++) print buf[i]
      }
      seen[section] = 1
      n = 0
    }
    BEGIN {
      add["tools"] = slurp(tools)
      add["commands"] = slurp(commands)
      add["outputs"] = slurp(outputs)
      add["stability"] = slurp(stability)
      note = slurp(notefile)
      sub(/\n+$/, "", note)
      section = ""
    }
    /^[^ \t#]/ {
      flush()
      section = $0
      sub(/:.*/, "", section)
    }
    { buf[++n] = $0 }
    END {
      if (failed) exit 3
      flush()
      if (!seen["tools"]) { print "tools:"; printf "%s", (add["tools"] == "" ? "  {}\n" : add["tools"]) }
      if (!seen["commands"]) { print "commands:"; printf "%s", add["commands"] }
      if (!seen["repeat"]) print "repeat: " repeat
      if (!seen["outputs"]) { print "outputs:"; printf "%s", add["outputs"] }
      if (!seen["notes"]) print "notes: " quote(note)
      if (!seen["stability"] && add["stability"] != "") { print "stability:"; printf "%s", add["stability"] }
    }
  ' "$1" >"$2" || ary_status=$?
  test "$ary_status" -ne 3 ||
    die "--append: the notes of $BF_TARGET/run.yaml are in a form the runner does not rewrite (one line, or a block scalar: | or >, is what it reads); nothing was changed"
  test "$ary_status" -eq 0 || die "--append: could not write the new run.yaml (awk status $ary_status); nothing was changed"
}

# append_commit STAGED RUN...: replaces each run folder RUN with its new version STAGED/<name>:
# all are copied into a folder made beside them, then each run folder is renamed away and its
# new version renamed into its place. Until BF_DONE is set, an exit (error, signal) puts every
# run folder back as it was (append_restore).
append_commit() {
  acm_staged=$1
  shift
  BF_COMMIT_RUNS="$*"
  BF_COMMIT_DIR=$(mktemp -d "$(dirname "$1")/.benchfolio-append.XXXXXX") ||
    die "--append: could not make a folder beside $1; nothing was changed"
  # Killed from here on, the cleanup puts the run folders back from it (markers.sh).
  put_marker "$BF_COMMIT_DIR"
  ledger_add commit "$BF_COMMIT_DIR"
  for acm_run in "$@"; do
    cp -pR "$acm_staged/${acm_run##*/}" "$BF_COMMIT_DIR/${acm_run##*/}.new" ||
      die "--append: could not copy the new version of $acm_run beside it; nothing was changed"
  done
  for acm_run in "$@"; do
    mv "$acm_run" "$BF_COMMIT_DIR/${acm_run##*/}.old" ||
      die "--append: could not move $acm_run aside; the run folders are put back as they were"
    mv "$BF_COMMIT_DIR/${acm_run##*/}.new" "$acm_run" ||
      die "--append: could not move the new version of $acm_run into place; the run folders are put back as they were"
  done
  BF_DONE=1
  ledger_add committed "$BF_COMMIT_DIR"
  rm -rf "$BF_COMMIT_DIR"
  BF_COMMIT_DIR=''
}

# append_restore: after an append that did not finish, every run folder as it was before it
# (called by the EXIT traps); the folder append_commit made beside them removed.
append_restore() {
  test -n "$BF_COMMIT_DIR" || return 0
  ar_keep=''
  if test "$BF_DONE" != 1; then
    for ar_run in $BF_COMMIT_RUNS; do
      if test -d "$BF_COMMIT_DIR/${ar_run##*/}.old"; then
        rm -rf "$ar_run"
        if ! mv "$BF_COMMIT_DIR/${ar_run##*/}.old" "$ar_run"; then
          # Never removed: the run folder as it was is there, to be moved back by hand.
          warn "could not move $BF_COMMIT_DIR/${ar_run##*/}.old back to $ar_run: move it back by hand"
          ar_keep=1
        fi
      fi
    done
  fi
  test "$ar_keep" = 1 || rm -rf "$BF_COMMIT_DIR"
  BF_COMMIT_DIR=''
  BF_COMMIT_RUNS=''
}

# append_finish COMMIT: after the profiles: the new run.yaml, and the run folder replaced by its
# new version (or, for --loopback, that version handed to the invocation that made the image,
# which replaces all its run folders at the end).
append_finish() {
  af_commit=$1
  af_files=$(sed -n "s/^  - file: '\\(.*\\)'\$/\\1/p" "$BF_STATE/outputs.yaml" | sed "s/''/'/g")
  af_count=$(printf '%s\n' "$af_files" | wc -l | tr -d ' ')
  af_list=$(printf '%s\n' "$af_files" | awk -v n="$af_count" '
    { out = out (NR == 1 ? "" : (NR == n ? " and " : ", ")) $0 }
    END { print out }')
  af_cmds=$(grep -c '^  - ' "$BF_STATE/commands.yaml" || true)
  af_tools=$(sed -n 's/^  \([^:]*\): .*/\1/p' "$BF_STATE/tools.yaml" | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
  af_drop=no
  test "$BF_DROP_CACHES" != 1 || af_drop=yes
  af_but='the mount point'
  if test -z "$BF_MKFS" && grep -q '^filesystem\.mkfs ' "$BF_STATE/system-then.txt"; then
    af_but='the mount point and the mkfs command (not given again)'
  fi
  af_options="--profile $(printf '%s' "$BF_PROFILES" | sed 's/ / --profile /g') $(repeat_options)${BF_OPT_SIZE_TEXT:+ --size $BF_OPT_SIZE_TEXT}${BF_OPT_RUNTIME:+ --runtime $BF_OPT_RUNTIME}${BF_OPT_THREADS:+ --threads $(printf '%s' "$BF_OPT_THREADS" | tr ' ' ',')}"
  af_tail="the last $af_cmds commands are theirs"
  test -z "$af_tools" || af_tail="$af_tail, and tools gained $af_tools"
  printf '%s\n' "Added later, on $BF_DATE, by scripts/benchfolio-run --append${af_commit:+ (runner of commit $af_commit)} with $af_options: $af_list. They were made from $BF_STARTED to $BF_ENDED, after the started and ended above (those of the run's first outputs); $af_tail. The tools ran with LC_ALL=C in $BF_WORK (removed afterwards). Drop caches before each benchmark: $af_drop. Before they ran, the system was read again and matched the system above in every field but $af_but, loop device numbers aside.${BF_NOTE:+ $BF_NOTE}" |
    tr '\n' ' ' | sed 's/ $//' >"$BF_STATE/note.txt"
  # The commands of the append, after a comment saying so.
  {
    printf '  # Added by scripts/benchfolio-run --append on %s:\n' "$BF_DATE"
    cat "$BF_STATE/commands.yaml"
  } >"$BF_STATE/commands-added.yaml"
  mv "$BF_STATE/commands-added.yaml" "$BF_STATE/commands.yaml"
  af_repeat=$(sed -n 's/^repeat: *\([0-9]*\).*/\1/p' "$BF_TARGET/run.yaml" | head -n 1)
  af_repeat=${af_repeat:-0}
  test "$BF_REPEAT_TOP" -le "$af_repeat" || af_repeat=$BF_REPEAT_TOP
  rm -f "$BF_OUT/run.yaml"
  append_run_yaml "$BF_TARGET/run.yaml" "$BF_OUT/run.yaml" "$BF_STATE/note.txt" "$af_repeat"
  write_run_readme "$BF_OUT"

  test "$(cksum <"$BF_TARGET/run.yaml")" = "$BF_TARGET_SUM" ||
    die "--append: $BF_TARGET/run.yaml changed while the append ran: nothing was changed (run the append again)"
  if test -n "$BF_APPEND_STAGE"; then
    mv "$BF_OUT" "$BF_APPEND_STAGE"
    BF_DONE=1
  else
    append_commit "$(dirname "$BF_OUT")" "$BF_TARGET"
  fi
}
