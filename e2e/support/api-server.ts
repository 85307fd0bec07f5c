import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const API_DIR = path.join(ROOT, 'apps/api');
const CONSOLE_INDEX = path.join(ROOT, 'apps/console/dist/index.html');

/** How long a cold start (initdb, migrations, listen) may take before the fixture gives up. */
const START_TIMEOUT_MS = 90_000;
/** How long a clean shutdown may take before the process is killed. */
const STOP_TIMEOUT_MS = 20_000;
/** Lines of server output kept to explain a failed start. */
const OUTPUT_LINES_KEPT = 60;

/** A running API process with its own embedded database, serving the built console. */
export interface ApiServer {
  /** `http://127.0.0.1:<port>`, the console's and the API's one origin. */
  baseURL: string;
  /** The one-time first-owner link the server printed. */
  setupUrl: string;
  /** The token inside `setupUrl`, for setting up through the API. */
  setupToken: string;
  stop(): Promise<void>;
}

/**
 * Starts `apps/api` in production mode on a free port with a fresh data
 * folder, and resolves once it printed its setup link and `/readyz` answers.
 * The API cannot report a port it picked itself, so the port is chosen here.
 * `production: false` is for flows whose receiver listens on 127.0.0.1 (a
 * notification endpoint): production refuses loopback targets by design.
 * `env` adds settings (SMTP_URL and MAIL_FROM, say).
 */
export async function startApiServer({ production = true, env = {} }: { production?: boolean; env?: Record<string, string> } = {}): Promise<ApiServer> {
  if (!existsSync(CONSOLE_INDEX)) {
    throw new Error(`The built console is missing (${CONSOLE_INDEX}). Run "pnpm build" first, or use "pnpm test:e2e", which builds it.`);
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'countersign-e2e-'));
  // PostgreSQL runs as its own user and must be able to traverse to its data folder.
  chmodSync(dataDir, 0o755);

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: production ? 'production' : 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      COUNTERSIGN_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // One process: production would otherwise fork one per CPU, each a browser test's extra cost.
      COUNTERSIGN_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let setupUrl: string | undefined;
  const foundSetupUrl = new Promise<string>((resolve) => {
    let pending = '';
    // Both streams are drained for the server's whole life: a full pipe would stall it.
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        remember(output, line);
        const match = /(https?:\/\/\S+\/setup#token=\S+)/.exec(line);
        if (match && !setupUrl) {
          setupUrl = match[1]!;
          resolve(setupUrl);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) remember(output, line);
    });
  });

  const stop = () => stopProcess(child, exited).finally(() => rmSync(dataDir, { recursive: true, force: true }));
  const baseURL = `http://127.0.0.1:${port}`;
  const exitedEarly = exited.then((code) => {
    throw new Error(`the API exited with code ${code} while starting`);
  });
  exitedEarly.catch(() => undefined);
  try {
    const url = await withDeadline(Promise.race([foundSetupUrl, exitedEarly]), START_TIMEOUT_MS, 'the API did not print its setup link');
    await Promise.race([waitUntilReady(baseURL, Date.now() + START_TIMEOUT_MS), exitedEarly]);
    const token = new URL(url).hash.replace(/^#token=/, '');
    return { baseURL, setupUrl: url, setupToken: token, stop };
  } catch (error) {
    await stop();
    throw new Error(`Could not start the API: ${(error as Error).message}\n--- server output ---\n${output.join('\n')}`, { cause: error });
  }
}

function remember(output: string[], line: string): void {
  output.push(line);
  if (output.length > OUTPUT_LINES_KEPT) output.shift();
}

/** Polls readiness (a state, not a guess at start-up time) until it answers 200. */
async function waitUntilReady(baseURL: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS))]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
