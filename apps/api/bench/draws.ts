/**
 * `pnpm bench`: draws per second through GraphQL against the same server's
 * ceiling for the same statements driven by pgbench, in the same minute, at
 * 16 clients, on one hot authority and on 1,000 spread ones. Figures are
 * reported as ratios to the pgbench baseline: absolute numbers vary by
 * machine, the ratio says what the API layer costs.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent as HttpAgent, request } from 'node:http';
import { openDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { hashSecret, newSecret, AGENT_KEY_PREFIX } from '../src/lib/secrets.js';
import { spawnApiInstance } from '../test/processes.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SPREAD = 1000;
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((file) => existsSync(file));

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-'));
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
const ids = { tenant: randomUUID(), owner: randomUUID(), agent: randomUUID() };
const key = newSecret(AGENT_KEY_PREFIX);
await seed();
const api = await spawnApiInstance(db.url);

const results: { scenario: string; driver: string; perSecond: number }[] = [];
for (const scenario of ['hot', 'spread'] as const) {
  if (PGBENCH) results.push({ scenario, driver: 'pgbench (same statements)', perSecond: runPgbench(scenario) });
  results.push({ scenario, driver: 'GraphQL drawAuthority', perSecond: await runGraphQL(scenario) });
}
await api.stop();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(
  `\nDraws per second, ${CLIENTS} clients, ${SECONDS} s each, one machine (${PGBENCH ? 'pgbench found' : 'pgbench missing: GraphQL only'}):\n`,
);
for (const scenario of ['hot', 'spread']) {
  const baseline = results.find((r) => r.scenario === scenario && r.driver.startsWith('pgbench'))?.perSecond;
  for (const result of results.filter((r) => r.scenario === scenario)) {
    const ratio = baseline ? ` (${(result.perSecond / baseline).toFixed(2)} × pgbench)` : '';
    process.stdout.write(
      `  ${scenario === 'hot' ? 'one hot authority   ' : `${SPREAD} spread authorities`}  ${result.driver.padEnd(26)} ${result.perSecond.toFixed(0).padStart(6)}/s${ratio}\n`,
    );
  }
}

async function seed(): Promise<void> {
  await db.pool.query(`INSERT INTO tenants (id, slug, name) VALUES ($1, 'bench', 'Bench')`, [ids.tenant]);
  await db.pool.query(`INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1, $2, 'bench@example.com', 'x')`, [ids.tenant, ids.owner]);
  await db.pool.query(`INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, 'bench', 'csk_', $4)`, [
    ids.tenant,
    ids.agent,
    ids.owner,
    hashSecret(key),
  ]);
  const authorities = ['hot', ...Array.from({ length: SPREAD }, (_, i) => `spread-${i + 1}`)];
  for (const id of authorities) {
    await db.pool.query(
      `INSERT INTO authorities (tenant_id, id, agent_id, owner_id, name, terms, ceiling_tokens) VALUES ($1, $2, $3, $4, $2, $2, 9000000000000000)`,
      [ids.tenant, id, ids.agent, ids.owner],
    );
    await db.pool.query(`INSERT INTO authority_balances (tenant_id, owner_id, authority_id, remaining_tokens) VALUES ($1, $3, $2, 9000000000000000)`, [
      ids.tenant,
      id,
      ids.owner,
    ]);
  }
}

/** The draw transaction of authorities/store.ts, statement for statement, as a pgbench script. */
function pgbenchScript(scenario: 'hot' | 'spread'): string {
  const authority = scenario === 'hot' ? `'hot'` : `'spread-' || :a`;
  const receipt = `SELECT r.tokens FROM authority_receipts r JOIN authorities a ON a.tenant_id = r.tenant_id AND a.owner_id = r.owner_id AND a.id = r.authority_id
    WHERE r.tenant_id = '${ids.tenant}' AND r.owner_id = '${ids.owner}' AND r.authority_id = ${authority} AND r.dispatch_key = 'pgb-' || :k AND a.agent_id = '${ids.agent}';`;
  return [
    '\\set a random(1, ' + SPREAD + ')',
    '\\set k random(1, 2000000000)',
    'BEGIN;',
    receipt,
    `SELECT b.*, now() FROM authorities a JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
      WHERE a.tenant_id = '${ids.tenant}' AND a.owner_id = '${ids.owner}' AND a.id = ${authority} AND a.agent_id = '${ids.agent}' FOR UPDATE OF b;`,
    receipt,
    `WITH moved AS (UPDATE authority_balances SET drawn_tokens = drawn_tokens + 1, draws = draws + 1, remaining_tokens = remaining_tokens - 1
       WHERE tenant_id = '${ids.tenant}' AND owner_id = '${ids.owner}' AND authority_id = ${authority} RETURNING remaining_tokens, remaining_minor_units, remaining_draws, draws),
     receipt AS (INSERT INTO authority_receipts (tenant_id, owner_id, authority_id, dispatch_key, tokens, minor_units, remaining_tokens, remaining_minor_units, remaining_draws, ordinal)
       SELECT '${ids.tenant}', '${ids.owner}', ${authority}, 'pgb-' || :k, 1, 0, remaining_tokens, remaining_minor_units, remaining_draws, draws FROM moved
       ON CONFLICT DO NOTHING RETURNING *)
     SELECT receipt.ordinal FROM receipt, LATERAL (SELECT pg_notify('countersign_events', '{}')) n;`,
    'COMMIT;',
  ].join('\n');
}

function runPgbench(scenario: 'hot' | 'spread'): number {
  const script = path.join(dataDir, `${scenario}.sql`);
  writeFileSync(script, pgbenchScript(scenario));
  const url = new URL(db.url);
  const result = spawnSync(
    PGBENCH!,
    [
      '-n',
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-f',
      script,
      '-h',
      url.hostname,
      '-p',
      url.port,
      '-U',
      decodeURIComponent(url.username),
      url.pathname.slice(1),
    ],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps[1]);
}

async function runGraphQL(scenario: 'hot' | 'spread'): Promise<number> {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: CLIENTS });
  const target = new URL(`${api.url}/graphql`);
  const deadline = Date.now() + SECONDS * 1000;
  let done = 0;
  let refused = 0;
  const query = 'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename } }';
  const client = async (n: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const authority = scenario === 'hot' ? 'hot' : `spread-${1 + Math.floor(Math.random() * SPREAD)}`;
      const body = JSON.stringify({ query, variables: { input: { authority, dispatchKey: `gql-${scenario}-${n}-${i}`, tokens: 1 } } });
      const answer = await post(agent, target, body);
      if (answer.includes('"Drawn"')) done++;
      else refused++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  agent.destroy();
  if (refused > 0) throw new Error(`${refused} draws were refused during the benchmark`);
  return done / ((Date.now() - started) / 1000);
}

function post(agent: HttpAgent, url: URL, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
