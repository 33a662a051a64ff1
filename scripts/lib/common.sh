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

# yaml_str TEXT: TEXT as a single-quoted YAML scalar on one line (newlines become spaces).
yaml_str() {
  printf "'%s'" "$(printf '%s' "$1" | tr '\n\t' '  ' | sed "s/'/''/g")"
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
