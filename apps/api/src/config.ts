import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readConnectionLimits, type ConnectionLimits } from './http/connection-limits.js';
import { parseTrustedProxies } from './http/trusted-proxies.js';
import { readMaxConcurrentPerPrincipal } from './http/principal-concurrency.js';
import { DEFAULT_SESSION_BOUNDS, type SessionBounds } from './db/database.js';

/** Runtime configuration, read from the environment (and `.env` when present). */
export interface Config {
  port: number;
  host: string;
  /** Unset: Countersign starts its own embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  logLevel: string;
  /** Built console to serve from the API's origin; absent in development. */
  consoleDir: string | undefined;
  /** How long an idempotency key's claim holds before another request may take it over. */
  idempotencyLeaseMs: number;
  /** Caps and timeouts on connections and live sockets, per process (see http/connection-limits.ts). */
  connections: ConnectionLimits;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses, CIDRs or
   * `loopback`), from COUNTERSIGN_TRUSTED_PROXIES: the sign-in throttle
   * tells clients apart by the address this yields.
   */
  trustedProxies: string[];
  /** Requests one owner or agent may have in flight per process; more are refused RATE_LIMITED. */
  maxConcurrentPerPrincipal: number;
  /** Lock-wait and statement bounds on every database session (see db/database.ts). */
  databaseBounds: SessionBounds;
}

/** Loads `.env` (without overriding real environment variables) and reads the config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  loadDotEnv(path.join(cwd, '.env'), env);
  const port = Number.parseInt(env.PORT ?? '4000', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const consoleDir = path.resolve(import.meta.dirname, '../../console/dist');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    // Relative to where the command was typed: `pnpm start` and `pnpm countersign`
    // run inside apps/api, but both mean the folder the user was in (INIT_CWD).
    dataDir: path.resolve(env.INIT_CWD ?? cwd, env.COUNTERSIGN_DATA_DIR ?? '.countersign'),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    consoleDir: existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined,
    idempotencyLeaseMs: Number.parseInt(env.COUNTERSIGN_IDEMPOTENCY_LEASE_MS ?? '30000', 10),
    connections: readConnectionLimits(env),
    trustedProxies: parseTrustedProxies(env.COUNTERSIGN_TRUSTED_PROXIES),
    maxConcurrentPerPrincipal: readMaxConcurrentPerPrincipal(env),
    databaseBounds: {
      lockTimeoutMs: positiveMs(env, 'COUNTERSIGN_DB_LOCK_TIMEOUT_MS', DEFAULT_SESSION_BOUNDS.lockTimeoutMs),
      statementTimeoutMs: positiveMs(env, 'COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS', DEFAULT_SESSION_BOUNDS.statementTimeoutMs),
      idleInTransactionMs: DEFAULT_SESSION_BOUNDS.idleInTransactionMs,
    },
  };
}

function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive number of milliseconds, got ${raw}`);
  return value;
}

function loadDotEnv(file: string, env: NodeJS.ProcessEnv): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && env[match[1]!] === undefined) env[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
}
