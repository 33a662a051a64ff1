export const USAGE = `benchfolio: read fio, bonnie++, sysbench and iostat outputs as typed JSON

Usage:
  benchfolio parse [--tool T] [--format F] [--tidy] [--ndjson] FILE...
  benchfolio detect FILE...
  benchfolio validate [DIR...]
  benchfolio --help | --version

Commands:
  parse      Print each output as JSON: { tool, format, toolVersion, result, measurements }.
             One FILE prints an object, several print an array. "-" reads standard input.
  detect     Name the tool, format and version of each FILE without parsing it.
  validate   Check experiment folders (default: content/results) against the content schema.

Options:
  --tool T     Skip detection of the tool: fio, bonnie, sysbench or iostat.
  --format F   Skip detection of the format (normal, json, terse, csv, table, text, ...).
  --tidy       Print the flat list of measurements { tool, metric, unit, value, labels }.
  --ndjson     Print one JSON object per line as the input is read (for logs larger than memory).
  -h, --help   Show this help.
  -v, --version
               Show the version.

Errors go to standard error as FILE:LINE:COL: message [CODE].
Exit status: 0 success, 1 a file could not be parsed or validated, 2 wrong usage.
`;
