# README.md of a run folder: the run explained for a reviewer on GitHub, without the site. Made
# from the folder's run.yaml (as the runner writes it) and its raw outputs, after a run and again
# after each --append. Sourced by benchfolio-run after headline.sh, stability.sh and append.sh.
# shellcheck shell=sh

# readme_scalar FILE KEY: a top-level scalar of run.yaml (`key: 'text'`), unquoted.
readme_scalar() {
  sed -n "s/^$2: //p" "$1" | head -n 1 | sed "s/^'\\(.*\\)'\$/\\1/; s/''/'/g"
}

# readme_outputs FILE: run.yaml's outputs as `file<TAB>tool<TAB>workload<TAB>repeat<TAB>warmup`
# lines (warmup: true or empty).
readme_outputs() {
  yaml_section "$1" outputs | awk '
    function unq(v) { if (v ~ /^\047.*\047$/) { v = substr(v, 2, length(v) - 2); gsub(/\047\047/, "\047", v) } return v }
    function flush() { if (file != "") print file "\t" tool "\t" workload "\t" repeat "\t" warmup }
    /^  - file: / { flush(); file = unq(substr($0, 11)); tool = ""; workload = ""; repeat = ""; warmup = "" }
    /^    tool: / { tool = unq(substr($0, 11)) }
    /^    workload: / { workload = unq(substr($0, 15)) }
    /^    repeat: / { repeat = substr($0, 13) }
    /^    warmup: true/ { warmup = "true" }
    END { flush() }
  '
}

# readme_stability FILE: run.yaml's stability entries as `tool<TAB>workload<TAB>stopped<TAB>
# policy<TAB>drift` lines, drift `direction change_percent p_value` when flagged, else empty.
readme_stability() {
  yaml_section "$1" stability | awk '
    function unq(v) { if (v ~ /^\047.*\047$/) { v = substr(v, 2, length(v) - 2); gsub(/\047\047/, "\047", v) } return v }
    function flush() {
      if (workload == "") return
      policy = mode == "auto" ? "until RSD < " target "%, " min " to " max " repeats" : "a fixed count"
      if (warmup + 0 > 0) policy = policy ", after " warmup " warm-up"
      print tool "\t" workload "\t" stopped "\t" policy "\t" (flagged == "true" ? direction " " change " " p : "")
    }
    /^  - workload: / { flush(); workload = unq(substr($0, 15)); flagged = ""; warmup = 0 }
    /^    tool: / { tool = substr($0, 11) }
    /^    mode: / { mode = substr($0, 11) }
    /^    target_rsd_percent: / { target = substr($0, 25) }
    /^    min_repeat: / { min = substr($0, 17) }
    /^    max_repeat: / { max = substr($0, 17) }
    /^    warmup: / { warmup = substr($0, 13) }
    /^    stopped: / { stopped = substr($0, 14) }
    /^      flagged: / { flagged = substr($0, 16) }
    /^      direction: / { direction = substr($0, 18) }
    /^      change_percent: / { change = substr($0, 23) }
    /^      p_value: / { p = substr($0, 16) }
    END { flush() }
  '
}

# readme_headlines FILE: the headline numbers of the run folder's measured outputs (warm-up ones
# left out), read from the raw files now: `tool<TAB>workload<TAB>value<TAB>unit<TAB>metric`.
readme_headlines() {
  rh_dir=$(dirname "$1")
  readme_outputs "$1" | while IFS="$(printf '\t')" read -r rh_file rh_tool rh_workload _ rh_warmup; do
    test "$rh_warmup" != true || continue
    has_headline "$rh_tool" || continue
    rh_line=$(headline "$rh_tool" "$rh_dir/$rh_file") || continue
    printf '%s\t%s\t%s\n' "$rh_tool" "${rh_workload:-$rh_file}" "$rh_line"
  done
}

# readme_table HEADLINES: the Markdown table of headline numbers per workload, from the lines of
# readme_headlines in the file HEADLINES: N, mean, sd, RSD, min–max.
readme_table() {
  rt_file=$1
  printf '| workload | tool | headline | N | mean | sd | RSD | min–max |\n'
  printf '|---|---|---|---:|---:|---:|---:|---|\n'
  cut -f 1,2 "$rt_file" | awk '!seen[$0]++' | while IFS="$(printf '\t')" read -r rt_tool rt_workload; do
    awk -F '\t' -v t="$rt_tool" -v w="$rt_workload" '$1 == t && $2 == w { print $3 }' "$rt_file" >"$rt_file.values"
    rt_unit=$(awk -F '\t' -v t="$rt_tool" -v w="$rt_workload" '$1 == t && $2 == w { print $4 " (" $5 ")"; exit }' "$rt_file")
    # shellcheck disable=SC2046 # N MEAN SD RSD MIN MAX
    set -- $(series_stats <"$rt_file.values")
    if test "$1" -ge 2; then
      printf '| %s | %s | %s | %s | %s | %s | %s%% | %s–%s |\n' "$(md_cell "$rt_workload")" "$rt_tool" "$(md_cell "$rt_unit")" \
        "$1" "$(yaml_number "$2")" "$(yaml_number "$3")" "$(yaml_number "$4")" "$(yaml_number "$5")" "$(yaml_number "$6")"
    else
      printf '| %s | %s | %s | 1 | %s | – | – | – |\n' "$(md_cell "$rt_workload")" "$rt_tool" "$(md_cell "$rt_unit")" "$(yaml_number "$2")"
    fi
  done
  rm -f "$rt_file.values"
}

# md_cell TEXT: TEXT for a Markdown table cell (its pipes escaped).
md_cell() {
  printf '%s' "$1" | sed 's/|/\\|/g'
}

# readme_duration STARTED ENDED: the time between two ISO 8601 UTC times (…Z), as `1 h 2 min 3 s`.
readme_duration() {
  awk -v a="$1" -v b="$2" '
    function epoch(t,   y, m, d, era, yoe, doy, doe) {
      y = substr(t, 1, 4) + 0; m = substr(t, 6, 2) + 0; d = substr(t, 9, 2) + 0
      y -= m <= 2; era = int(y / 400); yoe = y - era * 400
      doy = int((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
      doe = yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy
      return ((era * 146097 + doe) * 86400) + substr(t, 12, 2) * 3600 + substr(t, 15, 2) * 60 + substr(t, 18, 2)
    }
    BEGIN {
      s = epoch(b) - epoch(a)
      if (s >= 3600) printf "%d h ", s / 3600
      if (s >= 60) printf "%d min ", (s % 3600) / 60
      printf "%d s\n", s % 60
    }'
}

# readme_warnings YAML: a list item per workload that stopped at --max-repeat or drifted.
readme_warnings() {
  readme_stability "$1" | while IFS="$(printf '\t')" read -r rw_tool rw_workload rw_stopped rw_policy rw_drift; do
    test "$rw_stopped" != max-repeat ||
      printf -- '- **%s** (%s): not stable: its RSD was still over the target after the most repeats allowed (%s).\n' "$rw_workload" "$rw_tool" "$rw_policy"
    test -z "$rw_drift" && continue
    # shellcheck disable=SC2086 # direction change_percent p_value
    set -- $rw_drift
    printf -- '- **%s** (%s): drift %s, %s%% from first to last measured repeat (Mann-Kendall p = %s): the repeats are not samples of one steady state.\n' \
      "$rw_workload" "$rw_tool" "$1" "$2" "$3"
  done
}

# write_run_readme DIR: DIR/README.md, from DIR/run.yaml and the raw outputs beside it.
# shellcheck disable=SC2016 # the backquotes are Markdown's
write_run_readme() {
  wr_yaml="$1/run.yaml"
  wr_tmp="$BF_STATE/readme-headlines.tsv"
  readme_headlines "$wr_yaml" >"$wr_tmp"
  readme_warnings "$wr_yaml" >"$wr_tmp.warnings"
  wr_started=$(readme_scalar "$wr_yaml" started)
  wr_ended=$(readme_scalar "$wr_yaml" ended)
  {
    printf '# %s (run %s)\n\n' "$(readme_scalar "$wr_yaml" label)" "${1##*/}"
    printf 'A run folder of benchfolio, written by `scripts/benchfolio-run` (this file is made from\n'
    printf '`run.yaml` and the raw outputs beside it, and made again by `--append`). Value of the\n'
    printf "experiment's variable: **%s**. The raw outputs are as the tools printed them; \`run.yaml\`\n" "$(readme_scalar "$wr_yaml" value)"
    printf 'lists each with its exact command.\n\n'
    printf '## Headline numbers\n\n'
    if test -s "$wr_tmp"; then
      readme_table "$wr_tmp"
      printf '\nRead from each raw output by `scripts/lib/headline.sh`; warm-up repeats left out. N: measured\n'
      printf 'repeats; sd: sample standard deviation; RSD: sd / mean.\n\n'
    else
      printf 'No output with a headline number (iostat and fio logs are time series).\n\n'
    fi
    printf '## Warnings\n\n'
    if test -s "$wr_tmp.warnings"; then cat "$wr_tmp.warnings"; else printf 'None.\n'; fi
    printf '\n## What ran\n\n'
    readme_outputs "$wr_yaml" | awk -F '\t' '
      { key = $2 " " ($3 == "" ? $1 : $3); if (!(key in n)) order[++k] = key; n[key]++; if ($5 == "true") w[key]++ }
      END { for (i = 1; i <= k; i++) printf "- %s: %d output%s%s\n", order[i], n[order[i]], n[order[i]] == 1 ? "" : "s", w[order[i]] ? " (" w[order[i]] " warm-up)" : "" }'
    printf '\nThe distinct commands, in order (repeats run the same command again):\n\n```sh\n'
    yaml_section "$wr_yaml" commands | sed -n "s/^  - '\\(.*\\)'\$/\\1/p; s/^  - \\([^'].*\\)\$/\\1/p" | sed "s/''/'/g" | awk '!seen[$0]++'
    printf '```\n\n## On what\n\n| field | value |\n|---|---|\n'
    system_flat <"$wr_yaml" | sed "s/ '\\(.*\\)'\$/ \\1/; s/''/'/g" | while IFS=' ' read -r wr_field wr_value; do
      printf '| %s | %s |\n' "$wr_field" "$(md_cell "$wr_value")"
    done
    yaml_section "$wr_yaml" tools | sed -n "s/^  \\([^:]*\\): '\\(.*\\)'\$/| tools.\\1 | \\2 |/p"
    printf '\n## When\n\n'
    printf -- '- date: %s\n' "$(readme_scalar "$wr_yaml" date)"
    if test -n "$wr_started" && test -n "$wr_ended"; then
      printf -- '- from %s to %s (%s)\n' "$wr_started" "$wr_ended" "$(readme_duration "$wr_started" "$wr_ended")"
    fi
    printf '\n## Notes\n\n%s\n' "$(readme_scalar "$wr_yaml" notes)"
  } >"$1/README.md"
  rm -f "$wr_tmp" "$wr_tmp.warnings"
}
