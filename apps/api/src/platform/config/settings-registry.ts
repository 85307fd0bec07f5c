/**
 * Every environment variable Countersign reads, in one list: the server's
 * settings, the variables its client and tools read, and the ones a cluster's
 * primary hands its workers. A `COUNTERSIGN_*` name not here is a typo (or a
 * setting from another version): a production start stops on it, naming the
 * nearest known name, and other starts warn (settings-check.ts). A test keeps
 * this list and the code's `env.NAME` reads in step.
 */
export interface Setting {
  name: string;
  /** `server`: read by the server (and the CLI); `client`: by the client, MCP and tools; `internal`: set by Countersign for its own processes. */
  kind: 'server' | 'client' | 'internal';
  /** Its value is never printed; `<NAME>_FILE` may name a file holding it instead. */
  secret?: true;
}

const server = (name: string, secret?: true): Setting => ({ name, kind: 'server', ...(secret ? { secret } : {}) });

export const SETTINGS: readonly Setting[] = [
  server('NODE_ENV'),
  server('PORT'),
  server('HOST'),
  server('LOG_LEVEL'),
  server('DATABASE_URL', true),
  server('COUNTERSIGN_DATA_DIR'),
  server('COUNTERSIGN_PUBLIC_URL'),
  server('COUNTERSIGN_SECRET_KEY', true),
  server('COUNTERSIGN_SECRET_KEY_PREVIOUS', true),
  server('COUNTERSIGN_WORKERS'),
  server('COUNTERSIGN_TRUSTED_PROXIES'),
  server('COUNTERSIGN_IDEMPOTENCY_LEASE_MS'),
  server('COUNTERSIGN_MAX_CONNECTIONS'),
  server('COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT'),
  server('COUNTERSIGN_HTTP_HEADERS_TIMEOUT_MS'),
  server('COUNTERSIGN_HTTP_IDLE_TIMEOUT_MS'),
  server('COUNTERSIGN_WS_CONNECTION_INIT_TIMEOUT_MS'),
  server('COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL'),
  server('COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET'),
  server('COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL'),
  server('COUNTERSIGN_WS_EVENT_CONCURRENCY'),
  server('COUNTERSIGN_WS_REVALIDATE_MS'),
  server('COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL'),
  server('COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT'),
  server('COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER'),
  server('COUNTERSIGN_MAX_OPERATIONS_PER_TENANT'),
  server('COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR'),
  server('COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT'),
  server('COUNTERSIGN_DB_LOCK_TIMEOUT_MS'),
  server('COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS'),
  server('COUNTERSIGN_DB_POOL_MAX'),
  server('COUNTERSIGN_DB_BUDGET_CHECK'),
  server('COUNTERSIGN_MIGRATE_ON_START'),
  server('COUNTERSIGN_SHUTDOWN_DRAIN_MS'),
  server('COUNTERSIGN_SHUTDOWN_GRACE_MS'),
  server('COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS'),
  server('COUNTERSIGN_DELIVERY_LEASE_MS'),
  server('COUNTERSIGN_DELIVERY_TIMEOUT_MS'),
  server('COUNTERSIGN_DELIVERY_RETRY_BASE_MS'),
  server('COUNTERSIGN_DELIVERY_POLL_MS'),
  server('SMTP_URL', true),
  server('MAIL_FROM'),
  server('COUNTERSIGN_METRICS'),
  server('COUNTERSIGN_METRICS_TOKEN', true),
  server('COUNTERSIGN_BUILD_COMMIT'),
  server('OTEL_SDK_DISABLED'),
  server('OTEL_TRACES_EXPORTER'),
  server('OTEL_SERVICE_NAME'),
  server('OTEL_EXPORTER_OTLP_ENDPOINT'),
  server('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
  server('OTEL_EXPORTER_OTLP_PROTOCOL'),
  server('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'),
  server('OTEL_EXPORTER_OTLP_HEADERS', true),
  server('OTEL_BSP_SCHEDULE_DELAY'),
  { name: 'COUNTERSIGN_URL', kind: 'client' },
  { name: 'COUNTERSIGN_AGENT_KEY', kind: 'client', secret: true },
  { name: 'COUNTERSIGN_OWNER_TOKEN', kind: 'client', secret: true },
  { name: 'COUNTERSIGN_TENANT_ID', kind: 'client' },
  { name: 'COUNTERSIGN_CLUSTER_WORKER', kind: 'internal' },
  { name: 'COUNTERSIGN_CLUSTER_DATABASE_URL', kind: 'internal', secret: true },
];

const BY_NAME = new Map(SETTINGS.map((setting) => [setting.name, setting]));

/** The setting of that name, or of the secret whose `<NAME>_FILE` form it is. */
export function knownSetting(name: string): Setting | undefined {
  const direct = BY_NAME.get(name);
  if (direct) return direct;
  const secret = name.endsWith('_FILE') ? BY_NAME.get(name.slice(0, -'_FILE'.length)) : undefined;
  return secret?.secret ? secret : undefined;
}
