# The headline number of one raw output, read from the text the tool printed: what --repeat auto
# watches for stability and what a run folder's README.md quotes. Each tool's reading lives in
# one function here, and nowhere else in the runner. Sourced by benchfolio-run after common.sh.
# shellcheck shell=sh
#
# headline_<tool> FILE prints one line, `VALUE<TAB>UNIT<TAB>WHAT`, or nothing (status 1) when the
# output has no such number. VALUE is the tool's own figure (or, for fio's several jobs and dd,
# the sum or quotient of its own figures), UNIT its unit as the tool prints it.

# headline TOOL FILE: the headline of FILE, printed by TOOL (a tool name of run.yaml's outputs).
headline() {
  case $1 in
    fio) headline_fio "$2" ;;
    sysbench) headline_sysbench "$2" ;;
    bonnie) headline_bonnie "$2" ;;
    dd) headline_dd "$2" ;;
    *) return 1 ;;
  esac
}

# has_headline TOOL: whether the outputs of TOOL have a headline (iostat and fio's logs do not).
has_headline() {
  case $1 in
    fio | sysbench | bonnie | dd) return 0 ;;
  esac
  return 1
}

# headline_fio FILE: bandwidth in bytes per second, read + write + trim of every job added up
# (the library's summary adds a file's jobs up too). From the JSON output (`"bw_bytes" : N`, fio
# 3), else from terse version 3 lines (fields 7 and 48, KiB/s: fio's terse KB is 1024 bytes).
headline_fio() {
  awk '
    /^[ \t]*"bw_bytes"[ \t]*:/ {
      v = $0
      sub(/^[^:]*:[ \t]*/, "", v)
      sub(/[ \t]*,?[ \t]*$/, "", v)
      json += v
      seen_json = 1
    }
    /^3;fio-/ {
      n = split($0, f, ";")
      if (n >= 48) { terse += (f[7] + f[48]) * 1024; seen_terse = 1 }
    }
    END {
      if (seen_json) printf "%.0f\tB/s\tbandwidth, all jobs (read + write + trim bw_bytes)\n", json
      else if (seen_terse) printf "%.0f\tB/s\tbandwidth, all jobs (terse read + write bw)\n", terse
      else exit 1
    }
  ' "$1"
}

# headline_sysbench FILE: memory: MiB/sec transferred; fileio: read + written MiB/s (1.x) or the
# total transferred Mb/sec (0.4, where Mb is MiB); oltp: transactions per second; cpu and the
# others: events per second (1.x prints it; for 0.4, total events / total time).
headline_sysbench() {
  awk '
    /MiB transferred \(/ || /MB transferred \(/ {
      v = $0; sub(/.*\(/, "", v); sub(/ .*/, "", v); memory = v; has_memory = 1
    }
    /^[ \t]*read, MiB\/s:/ { v = $0; sub(/.*:[ \t]*/, "", v); fileio += v; has_fileio = 1 }
    /^[ \t]*written, MiB\/s:/ { v = $0; sub(/.*:[ \t]*/, "", v); fileio += v; has_fileio = 1 }
    /Total transferred .*\(.*Mb\/sec\)/ {
      v = $0; sub(/.*\(/, "", v); sub(/Mb\/sec.*/, "", v); old_fileio = v; has_old_fileio = 1
    }
    /^[ \t]*transactions:.*per sec/ { v = $0; sub(/.*\(/, "", v); sub(/ .*/, "", v); tps = v; has_tps = 1 }
    /^[ \t]*events per second:/ { v = $0; sub(/.*:[ \t]*/, "", v); eps = v; has_eps = 1 }
    /^[ \t]*total time:/ { v = $0; sub(/.*:[ \t]*/, "", v); sub(/s.*/, "", v); time = v }
    /^[ \t]*total number of events:/ { v = $0; sub(/.*:[ \t]*/, "", v); events = v }
    END {
      if (has_memory) printf "%s\tMiB/s\tmemory transferred per second\n", memory
      else if (has_fileio) printf "%.2f\tMiB/s\tfileio read + written per second\n", fileio
      else if (has_old_fileio) printf "%s\tMiB/s\tfileio total transferred per second\n", old_fileio
      else if (has_tps) printf "%s\ttransactions/s\ttransactions per second\n", tps
      else if (has_eps) printf "%s\tevents/s\tevents per second\n", eps
      else if (time > 0 && events != "") printf "%.2f\tevents/s\tevents per second (events / total time)\n", events / time
      else exit 1
    }
  ' "$1"
}

# headline_bonnie FILE: sequential block output (put_block) in KiB/s (bonnie++ K/sec), from the
# CSV line. Its place depends on the layout, told by the field count (as the library's
# bonnie/csv-layout.ts reads bonnie++'s source): 50 fields (1.98, 2.00): 12th; 48 (1.96, 1.97):
# 10th; 45 (1.9x): 8th; 27 (1.03): 5th. A test too fast to measure (+++++) has no headline.
headline_bonnie() {
  awk -F, '
    (NF == 50 || NF == 48 || NF == 45 || NF == 27) && $0 !~ /^[ \t]/ { line = $0; fields = NF }
    END {
      if (line == "") exit 1
      split(line, f, ",")
      v = f[fields == 50 ? 12 : fields == 48 ? 10 : fields == 45 ? 8 : 5]
      if (v !~ /^[0-9]+(\.[0-9]+)?$/) exit 1
      printf "%s\tKiB/s\tsequential block output (put_block)\n", v
    }
  ' "$1"
}

# headline_dd FILE: bytes copied / seconds, from dd's last "N bytes ... copied, S s, ..." line
# (GNU dd; the rate it prints beside them is the same quotient, rounded to 2 or 3 digits).
headline_dd() {
  awk '
    / bytes .*copied, [0-9.,]+ s/ {
      bytes = $1
      s = $0
      sub(/.*copied, /, "", s)
      sub(/ s.*/, "", s)
      gsub(/,/, ".", s)
      seconds = s
    }
    END {
      if (bytes == "" || seconds + 0 <= 0) exit 1
      printf "%.0f\tB/s\tbytes copied / seconds\n", bytes / seconds
    }
  ' "$1"
}
