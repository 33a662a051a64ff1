export const USAGE = `benchfolio: read fio, bonnie++, sysbench and iostat outputs as typed JSON

Usage:
  benchfolio parse [--tool T] [--format F] [--tidy] [--ndjson] FILE...
  benchfolio detect FILE...
  benchfolio validate [DIR...]
  benchfolio summarize EXPERIMENT...
  benchfolio --help | --version

Commands:
  parse      Print each output as JSON: { tool, format, toolVersion, result, measurements }.
             One FILE prints an object, several print an array. "-" reads standard input.
  detect     Name the tool, format and version of each FILE without parsing it.
  validate   Check content: every experiment under DIR (default: content/results), or DIR itself
             when it is one experiment. Schemas, listed files, parsed outputs, runs that differ
             beyond the variable (warnings). Prints FILE:LINE:COL: message for each problem.
  summarize  Print a markdown summary of an experiment (a folder, or an id under content/results):
             headline numbers per run and the system differences, for a pull request.

Options:
  --tool T     Skip detection of the tool: fio, bonnie, sysbench or iostat.
  --format F   Skip detection of the format (normal, json, terse, csv, table, text, ...).
  --tidy       Print the flat list of measurements { tool, metric, unit, value, labels }.
  --ndjson     Print one JSON line per piece as the input is read (for logs larger than memory):
               { file, tool, format, toolVersion, result, warnings }, without the measurements
               (for iostat, one line per report); with --tidy, one line per measurement.
  -h, --help   Show this help.
  -v, --version
               Show the version.

Errors go to standard error as FILE:LINE:COL: message [CODE].
Exit status: 0 success, 1 a file could not be parsed or validated, 2 wrong usage.
`;
