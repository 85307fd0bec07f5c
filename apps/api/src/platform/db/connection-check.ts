import pg from 'pg';

/**
 * What a server start checks of `DATABASE_URL` before anything else uses it,
 * so that an operator who got it wrong reads which part: the host (nothing
 * answers at that address, or the name does not resolve), the credentials
 * (PostgreSQL refused the user or password), the database (it does not
 * exist there) or the version (older than the schema needs). The messages
 * name the host, port, user and database, never the password.
 */

/** PostgreSQL 15: the migrations' unique indexes use NULLS NOT DISTINCT, new in 15. */
export const MIN_SERVER_VERSION_NUM = 150000;

/** How long the check waits for a server that does not answer at all (a dropped SYN, a frozen host). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Which part of DATABASE_URL failed; the prefix of its message. */
export type DatabaseUrlPart = 'host' | 'credentials' | 'database' | 'version';

/** A start refused because of DATABASE_URL: the entry points print the message alone and exit 1. */
export class DatabaseUrlError extends Error {
  constructor(
    readonly part: DatabaseUrlPart,
    detail: string,
  ) {
    super(`DATABASE_URL (${part}): ${detail}`);
    this.name = 'DatabaseUrlError';
  }
}

/** Socket failures reaching a host; EAI_AGAIN and ENOTFOUND are the name not resolving. */
const HOST_ERRNOS: Record<string, string> = {
  ECONNREFUSED: 'connection refused: is PostgreSQL running there, on that port, and listening on TCP?',
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'the host name could not be resolved now (DNS)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset before PostgreSQL answered',
};

/** Where DATABASE_URL points, for messages: host:port, user and database, without the password. */
/** A URL part decoded, or as written when its escapes are malformed (a diagnosis must not fail on the name it reports). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function describeTarget(url: string): { address: string; user: string; database: string } {
  const parsed = new URL(url);
  const host = parsed.hostname || new URLSearchParams(parsed.search).get('host') || 'localhost';
  return {
    address: `${host}:${parsed.port || '5432'}`,
    user: decoded(parsed.username) || '(the default user)',
    database: decoded(parsed.pathname.replace(/^\//, '')) || decoded(parsed.username) || '(the default database)',
  };
}

/** The part of DATABASE_URL that a failed connection attempt points at, with what to say; undefined if it is none of them. */
export function diagnoseConnectFailure(error: unknown, url: string): DatabaseUrlError | undefined {
  const { address, user, database } = describeTarget(url);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string' && code in HOST_ERRNOS)
    return new DatabaseUrlError('host', `cannot reach a PostgreSQL server at ${address}: ${HOST_ERRNOS[code]}`);
  if (/timeout|timed out/i.test(text) && code === undefined)
    return new DatabaseUrlError('host', `no PostgreSQL answered at ${address} within ${CONNECT_TIMEOUT_MS / 1000} s (${text})`);
  // 28P01 invalid_password; 28000 invalid_authorization_specification (no pg_hba.conf line, a role that may not log in).
  if (code === '28P01' || code === '28000' || /^SASL:/.test(text))
    return new DatabaseUrlError(
      'credentials',
      `the server at ${address} refused user "${user}": ${text || 'authentication failed'}. Check the user name and password.`,
    );
  if (code === '3D000')
    return new DatabaseUrlError('database', `the database "${database}" does not exist on ${address}: create it (createdb ${database}) or correct the name.`);
  return undefined;
}

/** The refusal for a server older than the schema needs, or undefined when its version will do. */
export function checkServerVersion(versionNum: number, version: string, address: string): DatabaseUrlError | undefined {
  if (Number.isInteger(versionNum) && versionNum >= MIN_SERVER_VERSION_NUM) return undefined;
  return new DatabaseUrlError(
    'version',
    `the server at ${address} runs PostgreSQL ${version}; Countersign needs PostgreSQL ${MIN_SERVER_VERSION_NUM / 10000} or later.`,
  );
}

/**
 * Connects once to `url`, as the server is about to, and reads the server's
 * version. Resolves when the server can be used; throws a DatabaseUrlError
 * naming the part that failed, or the driver's own error when it is none of
 * them.
 */
export async function checkDatabaseUrl(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection dropped after connecting surfaces in the query below; this keeps it from being an unhandled 'error'.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw diagnoseConnectFailure(error, url) ?? error;
  }
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      `/* serverVersion */ SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`,
    );
    const refusal = checkServerVersion(Number(rows[0]!.num), rows[0]!.version, describeTarget(url).address);
    if (refusal) throw refusal;
  } finally {
    await client.end().catch(() => undefined);
  }
}
