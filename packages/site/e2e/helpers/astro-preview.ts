import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SITE_DIR } from './build-site.ts';

const ASTRO_BIN = join(
  dirname(createRequire(join(SITE_DIR, 'package.json')).resolve('astro/package.json')),
  'bin',
  'astro.mjs',
);

export interface AstroPreview {
  /** The server's base URL, with a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site with `astro preview`, the server `npm start` runs (not the tests' own
 * static server): what it sends, headers included, is what a reader of `npm start` gets.
 * `--ignore-lock`: Astro allows one preview server per project unless told otherwise, and a
 * reader's `npm start` (or another test file) may be running one.
 */
export async function startAstroPreview(outDir: string): Promise<AstroPreview> {
  // Port 0 is not passed through to Vite; from this port on, Vite takes the first free one and
  // prints it.
  const port = String(20_000 + (process.pid % 20_000));
  const child = spawn(
    process.execPath,
    [ASTRO_BIN, 'preview', '--root', SITE_DIR, '--outDir', outDir, '--port', port, '--ignore-lock'],
    {
      cwd: SITE_DIR,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // The address it prints (its log may be text or JSON).
      const match = /(http:\/\/(?:localhost|127\.0\.0\.1):\d+\/)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`astro preview exited (${code}):\n${output}`)));
  });
  return { url, close: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
