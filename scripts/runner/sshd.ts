import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { IS_ROOT, isRunning, pathWithout } from './helpers.ts';

// A real OpenSSH server for the runner's --ssh tests: Debian's sshd on 127.0.0.1 and a free
// port, with a host key, user keys, authorized_keys and an sshd_config of its own in a temporary
// folder; and an ssh config whose Host aliases are the "hosts" the runner is given. Nothing of
// the system's configuration is read or changed (/etc/ssh, ~/.ssh); the server is stopped by its
// PID.

/** Where Debian, Fedora and Arch keep sshd and the sftp server (scp speaks SFTP since OpenSSH 9.0). */
const SSHD_PATHS = ['/usr/sbin/sshd', '/usr/bin/sshd'];
const SFTP_SERVER_PATHS = [
  '/usr/lib/openssh/sftp-server',
  '/usr/libexec/openssh/sftp-server',
  '/usr/lib/ssh/sftp-server',
];

/** sshd's path (it must be started by its absolute path), or undefined when it is not installed. */
export const SSHD = SSHD_PATHS.find((path) => existsSync(path));

/**
 * The aliases of the client config, all of them this server:
 * - `alpha`, `beta`: the user's key; each host's $TMPDIR (sent with SetEnv) is its own folder,
 *   so the runner's copies land apart, where the test can look;
 * - `nofio`: a key whose authorized_keys entry runs the command with a PATH lacking fio (a
 *   forced command: the login shell's startup files cannot put fio back);
 * - `refused`: a key that authorized_keys does not hold.
 */
export const ALIASES = ['alpha', 'beta', 'nofio', 'refused'] as const;
export type Alias = (typeof ALIASES)[number];

export interface Sshd {
  /** The ssh config to give the runner (--ssh-config). */
  config: string;
  /** The folder each alias's $TMPDIR names on the "host" (refused has none). */
  tmpDir(alias: Alias): string;
  /** PID of the listening sshd. */
  pid: number;
  /** Everything sshd logged so far (-e: to standard error), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (sshd binds it a moment later; start() retries if it is taken). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function keygen(path: string): void {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'benchfolio-test', '-f', path]);
}

/** The first two fields of a public key file: type and key. */
async function publicKey(path: string): Promise<string> {
  return (await readFile(`${path}.pub`, 'utf8')).trim().split(' ').slice(0, 2).join(' ');
}

/** Keys, authorized_keys, the forced command of `nofio` and sshd_config in the folder. */
async function writeServerFiles(dir: string, port: number): Promise<string> {
  for (const key of ['host_key', 'user_key', 'nofio_key', 'stranger_key']) keygen(join(dir, key));
  const noFioBin = await pathWithout(join(dir, 'nofio-path'), ['fio']);
  const forced = join(dir, 'no-fio.sh');
  // As a host without fio would run it; sftp (scp's copies) too, through the same command.
  await writeFile(forced, `#!/bin/sh\nPATH=${noFioBin}\nexport PATH\nexec /bin/sh -c "$SSH_ORIGINAL_COMMAND"\n`, {
    mode: 0o755,
  });
  await writeFile(
    join(dir, 'authorized_keys'),
    `${await publicKey(join(dir, 'user_key'))}\ncommand="${forced}" ${await publicKey(join(dir, 'nofio_key'))}\n`,
    { mode: 0o600 },
  );
  const sftp = SFTP_SERVER_PATHS.find((path) => existsSync(path)) ?? 'internal-sftp';
  const config = join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `HostKey ${join(dir, 'host_key')}`,
      'PidFile none',
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      // The keys live in a temporary folder, not in a home directory sshd would vet.
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'AcceptEnv TMPDIR',
      `Subsystem sftp ${sftp}`,
      '',
    ].join('\n'),
  );
  return config;
}

/** The client config: one Host block per alias, then what they share. */
async function writeClientConfig(dir: string, port: number): Promise<string> {
  const identity: Record<Alias, string> = {
    alpha: 'user_key',
    beta: 'user_key',
    nofio: 'nofio_key',
    refused: 'stranger_key',
  };
  const lines: string[] = [];
  for (const alias of ALIASES) {
    lines.push(`Host ${alias}`, `  IdentityFile ${join(dir, identity[alias])}`);
    if (alias !== 'refused') {
      await mkdir(join(dir, 'hosts', alias, 'tmp'), { recursive: true });
      lines.push(`  SetEnv TMPDIR=${join(dir, 'hosts', alias, 'tmp')}`);
    }
  }
  await writeFile(join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${await publicKey(join(dir, 'host_key'))}\n`);
  lines.push(
    'Host *',
    '  HostName 127.0.0.1',
    `  Port ${port}`,
    `  User ${userInfo().username}`,
    '  IdentitiesOnly yes',
    '  IdentityAgent none',
    `  UserKnownHostsFile ${join(dir, 'known_hosts')}`,
    '  GlobalKnownHostsFile /dev/null',
    '  StrictHostKeyChecking yes',
    '  ConnectTimeout 20',
    '',
  );
  const config = join(dir, 'ssh_config');
  await writeFile(config, lines.join('\n'));
  return config;
}

/** Resolves once sshd logs that it listens; rejects if it exits first (a port taken meanwhile). */
function listening(child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (/Server listening on 127\.0\.0\.1 port \d+/.test(log())) resolve();
    };
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`sshd exited (status ${code}):\n${log()}`)));
    onData();
  });
}

/** Starts sshd on a free port of 127.0.0.1, with its files in the folder. */
export async function startSshd(dir: string): Promise<Sshd> {
  if (SSHD === undefined) throw new Error('sshd is not installed (Debian: apt-get install openssh-server)');
  // sshd run by root insists on its privilege separation directory, which only the ssh service
  // makes (systemd's RuntimeDirectory); made here, empty, when missing, and left for the service.
  if (IS_ROOT && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755 });
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const files = join(dir, `server-${attempt}`);
    await mkdir(files, { recursive: true });
    const serverConfig = await writeServerFiles(files, port);
    let text = '';
    const child = spawn(SSHD, ['-D', '-e', '-f', serverConfig], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    try {
      await listening(child, () => text);
    } catch (error) {
      lastError = error;
      continue;
    }
    const config = await writeClientConfig(files, port);
    return {
      config,
      pid: child.pid as number,
      tmpDir: (alias) => join(files, 'hosts', alias, 'tmp'),
      log: () => text,
      stop: () => stopSshd(child),
    };
  }
  throw lastError;
}

/** Stops sshd by its PID and waits for it. */
async function stopSshd(child: ChildProcess): Promise<void> {
  const pid = child.pid as number;
  if (child.exitCode !== null || !isRunning(pid)) return;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  process.kill(pid, 'SIGTERM');
  await exited;
}
