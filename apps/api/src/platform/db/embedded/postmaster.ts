import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Logger } from '../../logger.js';
import type { Binaries } from './binaries.js';
import type { PostgresUser } from './postgres-user.js';

const READY_LINE = 'database system is ready to accept connections';

/**
 * Starts the postmaster on `port` (TCP on 127.0.0.1 only, no Unix socket) and
 * resolves once it accepts connections; rejects with its output when it exits
 * first. After that, only its FATAL, PANIC and ERROR lines reach the log.
 */
export function launchPostmaster(bin: Binaries, pgData: string, port: number, user: PostgresUser | undefined, log: Logger): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    let output = '';
    let ready = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (!ready) {
        output += chunk;
        if (output.includes(READY_LINE)) {
          ready = true;
          resolve(child);
        }
      } else if (/FATAL|PANIC|ERROR/.test(chunk)) {
        log.warn({ postgres: chunk.trim() }, 'embedded PostgreSQL');
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`PostgreSQL exited during start (code ${code}, signal ${signal}): ${output.trim()}`));
    });
  });
}

/** Fast shutdown (SIGINT): resolves once the postmaster has exited, at once if it already has. */
export async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  await exited;
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
