// DuckDB (`@duckdb/node-api`, a native binary of about 60 MB) is an optional dependency: only
// `benchfolio export --parquet` and `benchfolio query` load it, by a dynamic import, so that
// people who only parse never install or load it.

export type DuckDbModule = typeof import('@duckdb/node-api');

/** How the commands get DuckDB; tests give one that fails, to see the message without uninstalling. */
export type DuckDbLoader = () => Promise<DuckDbModule>;

export const loadDuckDb: DuckDbLoader = () => import('@duckdb/node-api');

/** DuckDB could not be loaded: not installed, or no binary for this platform. */
export class DuckDbMissingError extends Error {
  constructor(command: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    super(
      `benchfolio ${command} needs DuckDB, an optional dependency of @benchfolio/parsers that could not be loaded (${reason}).\n` +
        'Install it beside the package: npm install @duckdb/node-api',
      { cause },
    );
  }
}

/** Loads DuckDB with the loader, turning any failure to load into a DuckDbMissingError. */
export async function requireDuckDb(command: string, loader: DuckDbLoader = loadDuckDb): Promise<DuckDbModule> {
  try {
    return await loader();
  } catch (error) {
    throw new DuckDbMissingError(command, error);
  }
}
