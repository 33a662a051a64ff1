# Shared helpers for the scripts in scripts/ (POSIX sh). Sourced, never run.
# shellcheck shell=sh

# The program name in messages.
: "${PROG:=${0##*/}}"

# say MESSAGE...: a progress line on standard error (standard output is kept for data).
say() {
  printf '%s: %s\n' "$PROG" "$*" >&2
}

# warn MESSAGE...: like say, marked as a warning.
warn() {
  printf '%s: warning: %s\n' "$PROG" "$*" >&2
}

# die MESSAGE...: print the message and exit with status 1 (the EXIT trap still runs).
die() {
  printf '%s: error: %s\n' "$PROG" "$*" >&2
  exit 1
}

# need_cmd NAME [HINT]: die unless NAME is a command on PATH.
need_cmd() {
  if ! command -v "$1" >/dev/null 2>&1; then
    if test -n "${2-}"; then
      die "$1 not found on PATH: $2"
    fi
    die "$1 not found on PATH"
  fi
}

# has_cmd NAME: whether NAME is a command on PATH.
has_cmd() {
  command -v "$1" >/dev/null 2>&1
}

# shell_quote ARG...: the arguments as one line a POSIX shell reads back as the same words.
shell_quote() {
  sq_sep=''
  for sq_arg in "$@"; do
    case $sq_arg in
      '' | *[!A-Za-z0-9_./=:,+@%-]*)
        sq_arg=\'$(printf '%s' "$sq_arg" | sed "s/'/'\\\\''/g")\'
        ;;
    esac
    printf '%s%s' "$sq_sep" "$sq_arg"
    sq_sep=' '
  done
  printf '\n'
}

# The bytes YAML cannot hold in a single-quoted scalar, as an extended regular expression for
# grep under LC_ALL=C: C0 controls (tab among them; grep never sees a newline, the line end),
# DEL, and the C1 controls as UTF-8 encodes them (0xC2 0x80 to 0xC2 0x9F).
BF_CONTROL_BYTES=$(printf '[\001-\037\177]|\302[\200-\237]')
BF_NL='
'

# has_control TEXT: whether TEXT holds a control character (a newline, a tab, an escape...).
has_control() {
  case $1 in
    *"$BF_NL"*) return 0 ;;
  esac
  printf '%s\n' "$1" | LC_ALL=C grep -Eq "$BF_CONTROL_BYTES"
}

# yaml_str TEXT: TEXT as a YAML scalar on one line that a YAML reader reads back as the same
# string: single-quoted (`: `, `#`, quotes and leading blanks are plain text there), or, when
# TEXT holds a control character (which a single-quoted scalar cannot hold: a newline folds),
# double-quoted with each control character escaped as \xHH.
yaml_str() {
  if ! has_control "$1"; then
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"
    return 0
  fi
  # A final "." keeps a trailing newline in the text (awk would drop it with the last line).
  printf '%s.' "$1" | LC_ALL=C awk '
    BEGIN { for (i = 1; i < 256; i++) code[sprintf("%c", i)] = i }
    {
      if (NR > 1) out = out "\\x0a"
      n = length($0)
      for (i = 1; i <= n; i++) {
        c = substr($0, i, 1)
        k = code[c]
        next_k = code[substr($0, i + 1, 1)]
        if (c == "\\") out = out "\\\\"
        else if (c == "\"") out = out "\\\""
        else if (k < 32 || k == 127) out = out sprintf("\\x%02x", k)
        else if (k == 194 && next_k >= 128 && next_k < 160) { out = out sprintf("\\x%02x", next_k); i++ }
        else out = out c
      }
    }
    END { printf "\"%s\"", substr(out, 1, length(out) - 1) }
  '
}

# is_uint TEXT: whether TEXT is a non-negative decimal integer.
is_uint() {
  case $1 in
    '' | *[!0-9]*) return 1 ;;
  esac
  return 0
}

# is_count TEXT: whether TEXT is a whole number from 1.
is_count() {
  is_uint "$1" && test "$1" -gt 0
}

# to_bytes SIZE: 64M, 1G, 512k, 4096 (bytes) -> bytes. Suffixes are powers of 1024, as in fio.
to_bytes() {
  tb_num=${1%%[!0-9]*}
  tb_suffix=$(printf '%s' "${1#"$tb_num"}" | tr '[:upper:]' '[:lower:]')
  case $tb_suffix in
    '' | b) tb_mul=1 ;;
    k | kb | kib) tb_mul=1024 ;;
    m | mb | mib) tb_mul=1048576 ;;
    g | gb | gib) tb_mul=1073741824 ;;
    t | tb | tib) tb_mul=1099511627776 ;;
    *) return 1 ;;
  esac
  if ! is_uint "$tb_num" || test "$tb_num" -eq 0; then
    return 1
  fi
  printf '%s\n' "$((tb_num * tb_mul))"
}

# human_bytes BYTES: a short size for messages (MiB or GiB, rounded up).
human_bytes() {
  if test "$1" -ge 10737418240; then
    printf '%s GiB\n' "$(((($1) + 1073741823) / 1073741824))"
  else
    printf '%s MiB\n' "$(((($1) + 1048575) / 1048576))"
  fi
}

# slugify TEXT: lowercase words joined by hyphens (for folder names made from host names).
slugify() {
  printf '%s' "$1" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//'
}
