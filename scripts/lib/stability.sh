# Repeats until stable (--repeat auto), warm-up repeats (--warmup) and drift: the statistics of a
# workload's repeats, and the bookkeeping that decides when a workload has run enough. Sourced by
# benchfolio-run after common.sh and headline.sh.
# shellcheck shell=sh
# shellcheck disable=SC2034 # BF_* variables are shared by the runner's files
#
# The rule, as the Phoronix Test Suite's dynamic run count has it: a workload runs at least
# BF_MIN_REPEAT (3) measured times; after each, when the relative standard deviation (sample
# standard deviation / mean) of its headline numbers is under --target-rsd it stops (target-rsd),
# else it runs again, up to --max-repeat measured times (max-repeat). Warm-up repeats come first
# and are in none of the statistics.
#
# Drift: the Mann-Kendall trend test on the measured repeats, in order. S = sum over i < j of
# sign(x_j - x_i); its two-sided p-value is exact (the permutation distribution of S, ties
# counting as neither rise nor fall). The change is Sen's slope (the median of the pairwise
# slopes) times (N - 1), the trend's first-to-last change. A drift is flagged when p <= 0.05 and
# that change is more than twice the standard deviation of the values about Sen's line: a trend
# that is both unlikely by chance and larger than the scatter around it. With fewer than 5
# repeats no order is unlikely enough (N = 4: p >= 0.083), so drift is tested from 5 on.

BF_MIN_REPEAT=3        # measured repeats before --repeat auto may stop
BF_DRIFT_MIN=5         # measured repeats from which drift is tested

# series_stats: the values on standard input (one per line) -> `N MEAN SD RSD MIN MAX`: sample
# standard deviation (N - 1), RSD in percent of the mean (0 when N < 2, as when the mean is 0).
series_stats() {
  awk '
    NF { x[++n] = $1 + 0; sum += $1 }
    END {
      if (n == 0) exit 1
      mean = sum / n
      lo = x[1]; hi = x[1]
      for (i = 1; i <= n; i++) {
        ss += (x[i] - mean) ^ 2
        if (x[i] < lo) lo = x[i]
        if (x[i] > hi) hi = x[i]
      }
      sd = n > 1 ? sqrt(ss / (n - 1)) : 0
      rsd = (n > 1 && mean != 0) ? 100 * sd / (mean < 0 ? -mean : mean) : 0
      printf "%d %.17g %.17g %.17g %.17g %.17g\n", n, mean, sd, rsd, lo, hi
    }
  '
}

# drift_test: the values on standard input (one per line, in repeat order) -> `N S P CHANGE
# CHANGE_PERCENT RESID_SD FLAGGED` (FLAGGED 1 or 0), or `N untested` below BF_DRIFT_MIN values.
drift_test() {
  awk -v min="$BF_DRIFT_MIN" '
    function sort(a, m,   i, j, t) {
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    }
    function median(a, m) { sort(a, m); return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    NF { x[++n] = $1 + 0 }
    END {
      if (n < min) { printf "%d untested\n", n; exit 0 }
      s = 0; m = 0
      for (i = 1; i < n; i++) for (j = i + 1; j <= n; j++) {
        s += (x[j] > x[i]) - (x[j] < x[i])
        slopes[++m] = (x[j] - x[i]) / (j - i)
      }
      # Exact null distribution: the number of inversions of a random order of n values
      # (Mahonian numbers), S = pairs - 2 * inversions.
      pairs = n * (n - 1) / 2
      f[0] = 1
      for (k = 1; k <= pairs; k++) f[k] = 0
      for (len = 2; len <= n; len++) {
        for (k = pairs; k >= 0; k--) { t = 0; for (d = 0; d < len && d <= k; d++) t += f[k - d]; g[k] = t }
        for (k = 0; k <= pairs; k++) f[k] = g[k]
      }
      total = 0; tail = 0
      abs_s = s < 0 ? -s : s
      for (k = 0; k <= pairs; k++) { total += f[k]; if (pairs - 2 * k >= abs_s) tail += f[k] }
      p = 2 * tail / total
      if (p > 1) p = 1
      slope = median(slopes, m)
      for (i = 1; i <= n; i++) rest[i] = x[i] - slope * (i - 1)
      intercept = median(rest, n)
      mean = 0
      for (i = 1; i <= n; i++) mean += x[i] / n
      for (i = 1; i <= n; i++) ss += (x[i] - intercept - slope * (i - 1)) ^ 2
      resid = sqrt(ss / (n - 2))
      change = slope * (n - 1)
      abs_change = change < 0 ? -change : change
      percent = mean != 0 ? 100 * change / (mean < 0 ? -mean : mean) : 0
      flagged = (p <= 0.05 && abs_change > 2 * resid) ? 1 : 0
      printf "%d %d %.6g %.17g %.17g %.17g %d\n", n, s, p, change, percent, resid, flagged
    }
  '
}

# stability_reset: no workload seen yet (at the start of a run or an append).
stability_reset() {
  rm -rf "$BF_STATE/stability"
  mkdir "$BF_STATE/stability"
  : >"$BF_STATE/stability/order"
}

# stability_profile_start: the workloads of the next profile are collected afresh.
stability_profile_start() {
  : >"$BF_STATE/stability/profile"
}

# stability_is_done KEY: whether the workload KEY has stopped repeating (--repeat auto).
stability_is_done() {
  test -f "$BF_STATE/stability/$1.stopped"
}

# stability_pending: whether a workload of the current profile still repeats.
stability_pending() {
  while IFS= read -r sp_key; do
    stability_is_done "$sp_key" || return 0
  done <"$BF_STATE/stability/profile"
  return 1
}

# stability_add KEY TOOL WORKLOAD FILE: after a measured repeat of the workload KEY (its output
# FILE in the run folder), its headline noted; with --repeat auto, the workload stopped when its
# RSD is under the target or it has had --max-repeat measured repeats.
stability_add() {
  sa_dir="$BF_STATE/stability"
  if ! grep -Fqx -- "$1" "$sa_dir/order"; then
    printf '%s\n' "$1" >>"$sa_dir/order"
    printf '%s\t%s\n' "$2" "$3" >"$sa_dir/$1.what"
  fi
  grep -Fqx -- "$1" "$sa_dir/profile" || printf '%s\n' "$1" >>"$sa_dir/profile"
  if ! sa_line=$(headline "$2" "$BF_OUT/$4"); then
    test "$BF_REPEAT" != auto ||
      die "--repeat auto: no headline number in $4 (scripts/lib/headline.sh reads $2's outputs): run it with --repeat N"
    warn "no headline number in $4: no statistics for $3"
    printf 'unreadable\n' >"$sa_dir/$1.stopped"
    return 0
  fi
  printf '%s\n' "$sa_line" | cut -f 2,3 >"$sa_dir/$1.unit"
  printf '%s\n' "$sa_line" | cut -f 1 >>"$sa_dir/$1.values"
  test "$BF_REPEAT" = auto || return 0
  sa_key=$1
  sa_workload=$3
  # shellcheck disable=SC2046 # N MEAN SD RSD MIN MAX
  set -- $(series_stats <"$sa_dir/$sa_key.values")
  sa_rsd=$(printf '%.2f' "$4")
  # shellcheck disable=SC2153 # BF_MAX_REPEAT is set by benchfolio-run's check_repeat_options
  if test "$1" -ge "$BF_MIN_REPEAT" && awk -v rsd="$4" -v target="$BF_TARGET_RSD" 'BEGIN { exit !(rsd < target) }'; then
    printf 'target-rsd\n' >"$sa_dir/$sa_key.stopped"
    say "$sa_workload: RSD $sa_rsd% after $1 measured repeats, under --target-rsd $BF_TARGET_RSD%: stable"
  elif test "$1" -ge "$BF_MAX_REPEAT"; then
    printf 'max-repeat\n' >"$sa_dir/$sa_key.stopped"
    warn "$sa_workload: RSD $sa_rsd% after $1 measured repeats, still not under --target-rsd $BF_TARGET_RSD%: --max-repeat $BF_MAX_REPEAT reached"
  elif test "$1" -lt "$BF_MIN_REPEAT"; then
    say "$sa_workload: $1 measured repeat(s) of at least $BF_MIN_REPEAT: once more"
  else
    say "$sa_workload: RSD $sa_rsd% after $1 measured repeats, not under --target-rsd $BF_TARGET_RSD%: once more"
  fi
}

# yaml_number NUMBER: a number as run.yaml writes statistics: 6 significant digits, never in
# exponent form.
yaml_number() {
  awk -v x="$1" 'BEGIN {
    a = x < 0 ? -x : x
    if (a >= 1e6) printf "%.0f\n", x
    else if (a == 0) print 0
    else { d = 5 - int(log(a) / log(10)); if (a < 1) d++; if (d < 0) d = 0; printf ("%." d "f\n"), x }
  }' | sed 's/\(\.[0-9]*[1-9]\)0*$/\1/; s/\.0*$//'
}

# stability_yaml: run.yaml's `stability:` entries of the workloads of this run (or append), in
# the order first run: what was measured, the policy, the repeats, the statistics and the drift.
stability_yaml() {
  while IFS= read -r sy_key; do
    test -s "$BF_STATE/stability/$sy_key.values" || continue
    IFS="$(printf '\t')" read -r sy_tool sy_workload <"$BF_STATE/stability/$sy_key.what"
    IFS="$(printf '\t')" read -r sy_unit sy_metric <"$BF_STATE/stability/$sy_key.unit"
    # shellcheck disable=SC2046 # N MEAN SD RSD MIN MAX
    set -- $(series_stats <"$BF_STATE/stability/$sy_key.values")
    printf '  - workload: %s\n' "$(yaml_str "$sy_workload")"
    printf '    tool: %s\n' "$sy_tool"
    printf '    metric: %s\n' "$(yaml_str "$sy_metric")"
    printf '    unit: %s\n' "$(yaml_str "$sy_unit")"
    if test "$BF_REPEAT" = auto; then
      printf '    mode: auto\n'
      printf '    target_rsd_percent: %s\n' "$BF_TARGET_RSD"
      printf '    min_repeat: %s\n' "$BF_MIN_REPEAT"
      printf '    max_repeat: %s\n' "$BF_MAX_REPEAT"
    else
      printf '    mode: fixed\n'
    fi
    printf '    warmup: %s\n' "$BF_WARMUP"
    printf '    repeats: %s\n' "$(($1 + BF_WARMUP))"
    printf '    measured: %s\n' "$1"
    printf '    values: [%s]\n' "$(paste -sd, "$BF_STATE/stability/$sy_key.values" | sed 's/,/, /g')"
    printf '    mean: %s\n' "$(yaml_number "$2")"
    printf '    sd: %s\n' "$(yaml_number "$3")"
    printf '    rsd_percent: %s\n' "$(yaml_number "$4")"
    if test "$BF_REPEAT" = auto; then
      printf '    stopped: %s\n' "$(cat "$BF_STATE/stability/$sy_key.stopped")"
    else
      printf '    stopped: repeat-count\n'
    fi
    # shellcheck disable=SC2046 # N S P CHANGE CHANGE_PERCENT RESID_SD FLAGGED
    set -- $(drift_test <"$BF_STATE/stability/$sy_key.values")
    test "$2" = untested && continue
    sy_direction=none
    if test "$7" = 1; then
      case $4 in
        -*) sy_direction=down ;;
        *) sy_direction=up ;;
      esac
    fi
    printf '    drift:\n'
    printf '      flagged: %s\n' "$(test "$7" = 1 && printf true || printf false)"
    printf '      direction: %s\n' "$sy_direction"
    printf '      change: %s\n' "$(yaml_number "$4")"
    printf '      change_percent: %s\n' "$(yaml_number "$5")"
    printf '      mann_kendall_s: %s\n' "$2"
    printf '      p_value: %s\n' "$(yaml_number "$3")"
  done <"$BF_STATE/stability/order"
}
