import pg from 'pg';
import type { TestApi } from '../testkit.js';

/** The draw every fault test runs under load. */
export const DRAW = `mutation($input: DrawAuthorityInput!) {
  drawAuthority(input: $input) { __typename ... on Drawn { receipt { tokens } } ... on DomainError { code message } }
}`;

export interface DrawAttempt {
  dispatchKey: string;
  idempotencyKey: string | undefined;
  url: string;
}
export interface DrawAnswer {
  status: number;
  codes: string[];
  typename: string | undefined;
  transportError?: string;
}

/** One draw over HTTP, as an agent would send it; transport failures are reported, not thrown. */
export async function draw(attempt: DrawAttempt, key: string, authority: string): Promise<DrawAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  if (attempt.idempotencyKey) headers['idempotency-key'] = attempt.idempotencyKey;
  try {
    const response = await fetch(`${attempt.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: DRAW, variables: { input: { authority, dispatchKey: attempt.dispatchKey, tokens: 1 } } }),
    });
    const body = (await response.json()) as {
      data?: { drawAuthority?: { __typename: string; code?: string } } | null;
      errors?: { extensions?: { code?: string } }[];
    };
    const result = body.data?.drawAuthority;
    const codes = [...(body.errors ?? []).map((error) => error.extensions?.code ?? 'none'), ...(result?.code ? [result.code] : [])];
    return { status: response.status, codes, typename: result?.__typename };
  } catch (error) {
    const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
    return {
      status: 0,
      codes: [],
      typename: undefined,
      transportError: `${(error as Error).message}${cause ? `: ${cause.code ?? ''} ${cause.message}` : ''} (${attempt.url})`,
    };
  }
}

/** Retries a draw (same dispatch key, same idempotency key) until it is Drawn; answers that are not retryable fail. */
export async function drawUntilDone(attempt: DrawAttempt, key: string, authority: string, deadlineMs = 45_000): Promise<DrawAnswer[]> {
  const answers: DrawAnswer[] = [];
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await draw(attempt, key, authority);
    answers.push(answer);
    if (answer.typename === 'Drawn') return answers;
    const retryable = answer.codes.length > 0 && answer.codes.every((code) => code === 'UNAVAILABLE' || code === 'IDEMPOTENCY_KEY_IN_USE');
    if (!retryable || Date.now() > deadline) throw new Error(`draw ${attempt.dispatchKey} did not complete: ${JSON.stringify(answers)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A connection of the test's own that terminates the other backends of one database. */
export async function backendKiller(url: string) {
  const client = new pg.Client({ connectionString: url });
  // This connection is the one that must survive: its own errors are the test's to see.
  await client.connect();
  return {
    /** Terminates every other backend on the database; resolves with how many. */
    async terminateAll(filter = 'true'): Promise<number> {
      const { rows } = await client.query<{ n: number }>(`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${filter}`);
      return rows[0]!.n;
    },
    /** Backends of the database in the middle of something (running a statement or inside a transaction). */
    async busy(): Promise<number> {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')`);
      return rows[0]!.n;
    },
    end: () => client.end(),
  };
}

/** The authority's balance against its receipts: what the ledger must agree on. */
export async function ledger(api: TestApi, authority: string) {
  const { rows } = await api.db.pool.query(
    `SELECT b.drawn_tokens::int AS drawn, b.draws::int AS draws,
      (SELECT count(*)::int FROM authority_receipts r WHERE r.authority_id = b.authority_id) AS receipts,
      (SELECT coalesce(sum(tokens), 0)::int FROM authority_receipts r WHERE r.authority_id = b.authority_id) AS receipted
    FROM authority_balances b WHERE b.authority_id = $1`,
    [authority],
  );
  return rows[0] as { drawn: number; draws: number; receipts: number; receipted: number };
}
