import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The API package's folder: child processes run from here. */
export const API_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Runs a TypeScript entry point of this package in a separate Node process.
 * One API process unless a test asks for more (COUNTERSIGN_WORKERS): tests
 * that signal or kill an instance mean that one process, even when they
 * start it in production mode, where the default is one per CPU.
 */
export function spawnTs(entry: string, args: string[], env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  // A built bundle (`dist/*.js`, what `pnpm start` runs) needs no loader; the benchmarks measure it.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...nodeArgs, ...loader, entry, ...args], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', COUNTERSIGN_WORKERS: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Resolves with everything the process printed once it exits. */
export function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Resolves once the process prints a line matching `pattern`; rejects if it exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before printing ${pattern}: ${seen}`)));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
