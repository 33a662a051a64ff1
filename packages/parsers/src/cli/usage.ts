import { TOOLS } from '../tools.ts';

/** `a, b or c`. */
function oneOf(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The tools and their formats, one line each, from the tool definitions. */
function toolLines(): string[] {
  const width = Math.max(...TOOLS.map((tool) => tool.name.length)) + 3;
  return TOOLS.map((tool) => {
    const title = tool.title === tool.name ? '' : ` (${tool.title})`;
    return `  ${tool.name.padEnd(width)}${tool.formats.join(', ')}${title}`;
  });
}

export const USAGE = `benchfolio: read ${oneOf(TOOLS.map((tool) => tool.title))} outputs as typed JSON

Usage:
  benchfolio parse [--tool T] [--format F] [--tool-version V] [--tidy] [--ndjson] FILE...
  benchfolio detect FILE...
  benchfolio fingerprint [--tool T] [--format F] [--json] FILE...
  benchfolio validate [DIR...]
  benchfolio lint [--json] [DIR...]
  benchfolio summarize EXPERIMENT...
  benchfolio export --parquet DIR [RESULTS_DIR]
  benchfolio query SQL [--data DIR] [--json | --csv]
  benchfolio --help | --version

Commands:
  parse      Print each output as JSON: { tool, format, toolVersion, result, measurements }.
             One FILE prints an object, several print an array. "-" reads standard input.
  detect     Name the tool, format and version of each FILE without parsing it.
  fingerprint
             Print each workload's fingerprint: what ran, with which parameters (fio's rw, bs,
             iodepth, numjobs, ...), each with where the output says it. --json prints JSON.
  validate   Check content: every experiment under DIR (default: content/results), or DIR itself
             when it is one experiment. Schemas, listed files, parsed outputs, runs that differ
             beyond the variable (warnings). Prints FILE:LINE:COL: message for each problem,
             then the lint's findings (which never change its exit status).
  lint       Examine every output of the experiments under DIR (default: content/results):
             FILE:LINE:COL: severity BF001 message per finding (rules: docs/05-lint-rules.md);
             --json one JSON object per finding. Exit 1 when any finding is an error.
  summarize  Print a markdown summary of an experiment (a folder, or an id under content/results):
             headline numbers per run and the system differences, for a pull request.
  export     Write every measurement, run and experiment of RESULTS_DIR (default:
             content/results) as a Parquet dataset in DIR: measurements/tool=<tool>/*.parquet,
             runs/, experiments/ and a README.md of the columns. Needs DuckDB
             (npm install @duckdb/node-api). Content errors: FILE:LINE:COL, nothing written.
  query      Run SQL with DuckDB over the tables measurements, runs and experiments of an
             export (--data DIR), or, without --data, of content/results exported first into
             a temporary folder. Prints a table; --json one JSON object per line; --csv CSV.

Options:
  --tool T     Skip detection of the tool: ${oneOf(TOOLS.map((tool) => tool.name))}.
  --format F   Skip detection of the format: one of the tool's (below).
  --tool-version V
               The version of the tool that printed the files, for outputs that do not print it
               and whose reading depends on it: fio logs (--tool-version fio-2.21 reads their
               latencies as usec; without it, ns, with a LATENCY_UNIT_ASSUMED warning).
  --tidy       Print the flat list of measurements { tool, metric, unit, value, labels }.
  --json       (fingerprint) Print the fingerprints as JSON; (query) one JSON object per row;
               (lint) one JSON object per finding.
  --csv        (query) Print CSV with a header line.
  --parquet DIR
               (export) The folder to write the dataset in: new, empty, or a previous export.
  --data DIR   (query) The exported dataset to query.
  --ndjson     Print one JSON line per piece as the input is read (for logs larger than memory):
               { file, tool, format, toolVersion, result, warnings }, without the measurements
               (for iostat, one line per report); with --tidy, one line per measurement.
  -h, --help   Show this help.
  -v, --version
               Show the version.

Tools and their formats:
${toolLines().join('\n')}

Errors go to standard error as FILE:LINE:COL: message [CODE], or FILE: message.
Limits: lines of 64 KiB (LINE_TOO_LONG), dd outputs of 1 MiB (TOO_LARGE), 256 MiB read whole by
parse and fingerprint (parse --ndjson streams any size).
Exit status: 0 success, 1 a file could not be parsed or validated (or bad SQL), 2 wrong usage,
a file that cannot be read, a missing folder, DuckDB not installed, or an internal error
([INTERNAL]; BENCHFOLIO_DEBUG=1 prints its stack).
`;
