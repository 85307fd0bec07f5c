import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readConnectionLimits, type ConnectionLimits } from './connection-limits.js';
import { parseTrustedProxies } from './trusted-proxies.js';
import { readMaxConcurrentPerPrincipal, readMcpMaxWaitsPerAgent } from './request-bounds.js';
import { DEFAULT_SESSION_BOUNDS, type SessionBounds } from '../db/database.js';
import type { MailConfig } from '../lib/mail-config.js';
import { readMetricsSettings, type MetricsSettings } from '../metrics/settings.js';
import { readTracingSettings, type TracingSettings } from '../telemetry/settings.js';
import { readRowLimits, type RowLimits } from '../lib/row-limits.js';
import { positiveMs } from './milliseconds.js';
import { assetPath } from '../assets/asset-paths.js';
import { readMigrationSettings, type MigrationSettings } from './migration-settings.js';
import { describeUnknown, readSecretFiles, unknownSettings } from './settings-check.js';
import { readShutdownSettings, type ShutdownSettings } from './shutdown-settings.js';
import { readPoolSettings, type PoolSettings } from './pool-settings.js';

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
  /** Caps and timeouts on connections and live sockets, per process (see platform/config/connection-limits.ts). */
  connections: ConnectionLimits;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses, CIDRs or
   * `loopback`), from COUNTERSIGN_TRUSTED_PROXIES: the sign-in throttle
   * tells clients apart by the address this yields.
   */
  trustedProxies: string[];
  /** Requests one owner or agent may have in flight per process; more are refused RATE_LIMITED. */
  maxConcurrentPerPrincipal: number;
  /** `wait_for_decision` calls one agent may have open on `/mcp` per process (COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT); unset: 20. */
  mcpMaxWaitsPerAgent?: number;
  /** Lock-wait and statement bounds on every database session (see platform/db/database.ts). */
  databaseBounds: SessionBounds;
  /** Whether the server migrates as it starts, and a migration's own statement bound (see migration-settings.ts). */
  migrations: MigrationSettings;
  /**
   * The key that seals secrets at rest (approval signing keys, webhook
   * secrets), from COUNTERSIGN_SECRET_KEY (32 bytes, base64). Unset outside
   * production: one is generated into the data folder at start.
   */
  secretKey: Buffer | undefined;
  /** The key being rotated away from (COUNTERSIGN_SECRET_KEY_PREVIOUS): still opens, never seals; see `countersign secret-key rotate`. */
  secretKeyPrevious?: Buffer;
  /** The address the world reaches this server at (COUNTERSIGN_PUBLIC_URL): the `iss` of approval tokens. */
  publicUrl: string;
  /** The outbox worker's timings (see delivery/outbox/worker.ts, delivery/webhooks/sign-off-delivery.ts). */
  delivery: DeliveryTimings;
  /** Where notification email goes out (SMTP_URL and MAIL_FROM, both or neither); unset: no email. */
  mail: MailConfig | undefined;
  /**
   * API processes serving the one port (COUNTERSIGN_WORKERS, see cluster.ts):
   * 1 is a single process with no cluster at all. Defaults to the CPUs in
   * production and to 1 elsewhere (development and tests).
   */
  workers: number;
  /** Each serving process's pool size and the start's connection-budget check (COUNTERSIGN_DB_POOL_MAX, COUNTERSIGN_DB_BUDGET_CHECK, see pool-settings.ts). */
  pool: PoolSettings;
  /** The drain and grace of a SIGTERM (COUNTERSIGN_SHUTDOWN_DRAIN_MS, COUNTERSIGN_SHUTDOWN_GRACE_MS, see shutdown-settings.ts). */
  shutdown: ShutdownSettings;
  /** OpenTelemetry trace export (OTEL_EXPORTER_OTLP_ENDPOINT and friends, see platform/telemetry/settings.ts); unset: no tracing. */
  tracing?: TracingSettings;
  /** /metrics: off, open (COUNTERSIGN_METRICS=on) or behind a bearer token (COUNTERSIGN_METRICS_TOKEN), see platform/metrics/settings.ts; unset: off. */
  metrics?: MetricsSettings;
  /** Caps on rows per owner, tenant and agent (COUNTERSIGN_MAX_*, see platform/lib/row-limits.ts). */
  limits: RowLimits;
}

export type { MailConfig };

export interface DeliveryTimings {
  /** How long a claimed delivery is held before another instance may take it over (COUNTERSIGN_DELIVERY_LEASE_MS). */
  leaseMs: number;
  /** The first retry's ceiling; later ones double (COUNTERSIGN_DELIVERY_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How often an idle instance looks for due deliveries (COUNTERSIGN_DELIVERY_POLL_MS). */
  pollMs: number;
  /** How long one attempt may take, connect to last byte, before it counts as failed (COUNTERSIGN_DELIVERY_TIMEOUT_MS). */
  timeoutMs: number;
}

/** Defaults: a lease well above the 10 s a delivery may take; a first retry within 5 s. */
export const DEFAULT_DELIVERY_TIMINGS: DeliveryTimings = { leaseMs: 30_000, retryBaseMs: 4000, pollMs: 1000, timeoutMs: 10_000 };

/** The levels pino knows; any other `LOG_LEVEL` would fail later, inside the logger, with its message instead of ours. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** How long an idempotency key's claim holds by default (`COUNTERSIGN_IDEMPOTENCY_LEASE_MS`). */
const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;

/**
 * Loads `.env` (without overriding real environment variables) and reads the
 * config. Every variable is checked here, so that a typo stops the start with
 * one message naming the variable and what it must be (the entry points print
 * it and exit 1), rather than surfacing later as a `NaN` or a library's error.
 * An empty variable counts as unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  loadDotEnv(path.join(cwd, '.env'), env);
  readSecretFiles(env);
  const production = env.NODE_ENV === 'production';
  // A typo'd name would otherwise be a setting silently left at its default; elsewhere it is a warning (settingWarnings).
  const unknown = unknownSettings(env);
  if (production && unknown.length > 0) throw new Error(unknown.map(describeUnknown).join('; '));
  const consoleDir = assetPath('console', '../../../../console/dist');
  const port = portNumber(env);
  const host = hostName(env);
  const workers = workerCount(env, production);
  return {
    port,
    host,
    databaseUrl: databaseUrl(env),
    // Relative to where the command was typed: `pnpm start` and `pnpm countersign`
    // run inside apps/api, but both mean the folder the user was in (INIT_CWD).
    dataDir: path.resolve(env.INIT_CWD || cwd, env.COUNTERSIGN_DATA_DIR || '.countersign'),
    production,
    logLevel: logLevel(env),
    consoleDir: existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined,
    idempotencyLeaseMs: positiveMs(env, 'COUNTERSIGN_IDEMPOTENCY_LEASE_MS', DEFAULT_IDEMPOTENCY_LEASE_MS),
    connections: readConnectionLimits(env),
    trustedProxies: parseTrustedProxies(env.COUNTERSIGN_TRUSTED_PROXIES),
    maxConcurrentPerPrincipal: readMaxConcurrentPerPrincipal(env),
    mcpMaxWaitsPerAgent: readMcpMaxWaitsPerAgent(env),
    databaseBounds: {
      lockTimeoutMs: positiveMs(env, 'COUNTERSIGN_DB_LOCK_TIMEOUT_MS', DEFAULT_SESSION_BOUNDS.lockTimeoutMs),
      statementTimeoutMs: positiveMs(env, 'COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS', DEFAULT_SESSION_BOUNDS.statementTimeoutMs),
      idleInTransactionMs: DEFAULT_SESSION_BOUNDS.idleInTransactionMs,
    },
    migrations: readMigrationSettings(env),
    secretKey: secretKey(env, production && databaseUrl(env) !== undefined),
    secretKeyPrevious: sealingKey(env, 'COUNTERSIGN_SECRET_KEY_PREVIOUS'),
    publicUrl: publicUrl(env, host, port),
    delivery: {
      leaseMs: positiveMs(env, 'COUNTERSIGN_DELIVERY_LEASE_MS', DEFAULT_DELIVERY_TIMINGS.leaseMs),
      retryBaseMs: positiveMs(env, 'COUNTERSIGN_DELIVERY_RETRY_BASE_MS', DEFAULT_DELIVERY_TIMINGS.retryBaseMs),
      pollMs: positiveMs(env, 'COUNTERSIGN_DELIVERY_POLL_MS', DEFAULT_DELIVERY_TIMINGS.pollMs),
      timeoutMs: positiveMs(env, 'COUNTERSIGN_DELIVERY_TIMEOUT_MS', DEFAULT_DELIVERY_TIMINGS.timeoutMs),
    },
    mail: mailConfig(env),
    workers,
    pool: readPoolSettings(env, workers),
    shutdown: readShutdownSettings(env, production),
    tracing: readTracingSettings(env),
    metrics: readMetricsSettings(env),
    limits: readRowLimits(env),
  };
}

/** What a start outside production says of the environment instead of stopping: each unknown `COUNTERSIGN_*` name. */
export function settingWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  return unknownSettings(env).map(describeUnknown);
}

/** Beyond this a machine is better served by more instances than by more processes sharing one port and one pool budget. */
const MAX_WORKERS = 64;

/**
 * One process per CPU when started for real, so every core serves; one
 * elsewhere, where `tsx watch` restarts and the tests' spawned instances
 * expect a single process.
 */
function workerCount(env: NodeJS.ProcessEnv, production: boolean): number {
  const raw = env.COUNTERSIGN_WORKERS;
  if (raw === undefined || raw === '') return production ? Math.min(availableParallelism(), MAX_WORKERS) : 1;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_WORKERS)
    throw new Error(`COUNTERSIGN_WORKERS must be a whole number of processes from 1 to ${MAX_WORKERS}, got ${raw}`);
  return value;
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig | undefined {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = env;
  if (!smtpUrl && !from) return undefined;
  if (!smtpUrl || !from) throw new Error('SMTP_URL and MAIL_FROM go together: set both to send notification email, or neither');
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    protocol = '';
  }
  // The value is not repeated: it may carry the SMTP password.
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// address (smtp://user:password@host:587)');
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>\s*$/.test(from))
    throw new Error(`MAIL_FROM must be an email address ("Countersign <countersign@example.com>"), got ${from}`);
  return { smtpUrl, from };
}

/**
 * The sealing key. Required in production on an external database (where
 * backups and replicas leave the machine: they must carry nothing usable
 * without the key). On the embedded database the data folder holds the
 * database itself, so a key generated into it (with a warning) protects as
 * much as a key could there, and `pnpm start` works on a fresh machine.
 */
function secretKey(env: NodeJS.ProcessEnv, required: boolean): Buffer | undefined {
  if (!env.COUNTERSIGN_SECRET_KEY && required)
    throw new Error('COUNTERSIGN_SECRET_KEY must be set in production with DATABASE_URL: 32 random bytes, base64 (openssl rand -base64 32)');
  return sealingKey(env, 'COUNTERSIGN_SECRET_KEY');
}

function sealingKey(env: NodeJS.ProcessEnv, name: 'COUNTERSIGN_SECRET_KEY' | 'COUNTERSIGN_SECRET_KEY_PREVIOUS'): Buffer | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  // The value is not repeated: it is the key.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || key.length !== 32) throw new Error(`${name} must be 32 random bytes, base64 (openssl rand -base64 32)`);
  return key;
}

function publicUrl(env: NodeJS.ProcessEnv, host: string, port: number): string {
  const raw = env.COUNTERSIGN_PUBLIC_URL;
  if (!raw) return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) {
    // An address carrying credentials is not repeated.
    throw new Error(
      `COUNTERSIGN_PUBLIC_URL must be an http(s) address without credentials, query or fragment, got ${url?.username || url?.password ? 'one with credentials' : raw}`,
    );
  }
  return raw.replace(/\/+$/, '');
}

function portNumber(env: NodeJS.ProcessEnv): number {
  if (!env.PORT) return 4000;
  const port = Number(env.PORT);
  // Number(), not parseInt: '40o0' must not start a server on port 40.
  if (!/^\d+$/.test(env.PORT) || port > 65535) throw new Error(`PORT must be a port number from 0 to 65535, got ${env.PORT}`);
  return port;
}

function hostName(env: NodeJS.ProcessEnv): string {
  if (!env.HOST) return '127.0.0.1';
  if (/\s/.test(env.HOST)) throw new Error(`HOST must be an address or host name to listen on, without spaces, got "${env.HOST}"`);
  return env.HOST;
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.DATABASE_URL) return undefined;
  let protocol: string;
  try {
    protocol = new URL(env.DATABASE_URL).protocol;
  } catch {
    protocol = '';
  }
  // The value is not repeated: it carries the database password.
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:port/database), or unset for the embedded PostgreSQL');
  }
  return env.DATABASE_URL;
}

function logLevel(env: NodeJS.ProcessEnv): string {
  if (!env.LOG_LEVEL) return 'info';
  if (!LOG_LEVELS.includes(env.LOG_LEVEL)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${env.LOG_LEVEL}`);
  return env.LOG_LEVEL;
}

function loadDotEnv(file: string, env: NodeJS.ProcessEnv): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && env[match[1]!] === undefined) env[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
}
