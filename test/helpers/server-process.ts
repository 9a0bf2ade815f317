import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { skipOrFail } from './adult.js';

/**
 * What the database tests share: a free port, a server process that cannot outlive the test run, and the rule for a
 * missing server (a clear skip on a developer's machine, a loud failure in CI, where `.ci/run` installs the packages).
 */
export class ServerUnavailable extends Error {}

/** Starts a test server, or skips (fails with CI set) the suite with the reason it could not start. */
export async function serverOrSkip<T>(context: Mocha.Context, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof ServerUnavailable) skipOrFail(context, error.message);
    throw error;
  }
}

/** A port nobody listens on now (the kernel's choice for port 0), on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of a system account (from /etc/passwd), for servers that refuse to run as root. */
export function accountIds(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const running = new Set<{ child: ChildProcess; folder: string; exitSignal: NodeJS.Signals }>();

/**
 * Spawns a server and a watchdog beside it: a detached shell that waits for this test process to end and then stops
 * the server and deletes its folder. So a server is stopped by the test's teardown, by Ctrl-C (the handlers below),
 * and even when the test process is killed outright (the watchdog).
 */
export function spawnGuarded(
  command: string,
  args: string[],
  folder: string,
  options: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv; exitSignal?: NodeJS.Signals } = {},
): ChildProcess {
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: options.env ?? process.env,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  const entry = { child, folder, exitSignal: options.exitSignal ?? 'SIGKILL' };
  running.add(entry);
  child.once('exit', () => running.delete(entry));
  child.stderr?.resume();
  const script =
    'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -INT "$2" 2>/dev/null; sleep 5; kill -KILL "$2" 2>/dev/null; rm -rf "$3"';
  const watchdog = spawn('sh', ['-c', script, 'watchdog', String(process.pid), String(child.pid), folder], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  child.once('exit', () => {
    try {
      process.kill(watchdog.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  });
  installHandlers();
  return child;
}

/** Stops a server with `signal`, then SIGKILL after `graceMs`, and waits for it to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `ready` until it answers true, the process dies, or `timeoutMs` passes. */
export async function waitUntil(
  child: ChildProcess,
  ready: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited during start-up:\n${log()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${log()}`);
}

let handlersInstalled = false;

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const stopAll = (): void => {
    for (const { child, folder, exitSignal } of running) {
      child.kill(exitSignal);
      rmSync(folder, { recursive: true, force: true });
    }
  };
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}
