/**
 * `pnpm bench` (second part): webhook deliveries per second through the
 * outbox with two API instances on one database, against the same
 * receiver driven directly (each request signed the same way, the same
 * number in flight), in the same minute. The ratio says what the outbox
 * (claim, lease, record, settle: three short transactions per delivery)
 * costs over the HTTP exchange itself.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/platform/db/database.js';
import { createLogger } from '../src/platform/logger.js';
import { SecretBox } from '../src/platform/lib/sealed.js';
import { postWebhook } from '../src/delivery/webhooks/post.js';
import { newWebhookSecret, webhookHeaders } from '../src/platform/lib/webhook-signature.js';
import { recordFigure } from './summary.js';
import { spawnBuiltApi } from './built-api.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);
/** Two instances, eight deliveries in flight each (delivery/outbox/worker.ts): the direct baseline keeps as many in flight. */
const IN_FLIGHT = 16;

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-deliveries-'));
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
// The key spawned instances seal with (test/processes.ts).
const box = new SecretBox(Buffer.alloc(32, 7));
const secret = newWebhookSecret();
let received = 0;
const receiver: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const direct = await runDirect();
const outbox = await runOutbox();
receiver.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(`\nWebhook deliveries per second, ${DELIVERIES} deliveries to a receiver on loopback, ${IN_FLIGHT} in flight:\n`);
process.stdout.write(`  direct signed POSTs (baseline)            ${direct.toFixed(0).padStart(6)}/s\n`);
process.stdout.write(`  outbox, two API instances                  ${outbox.toFixed(0).padStart(6)}/s (${(outbox / direct).toFixed(2)} × direct)\n`);
recordFigure({ name: 'webhook deliveries: outbox (two instances) ÷ direct signed POSTs', value: (outbox / direct).toFixed(2) });

/** The same exchange without the outbox: signed POSTs, IN_FLIGHT at a time. */
async function runDirect(): Promise<number> {
  const body = JSON.stringify({ id: randomUUID(), op: 'bench.deliver', opVersion: 1, input: { n: 0 } });
  let next = 0;
  const worker = async () => {
    while (next < DELIVERIES) {
      next++;
      const id = randomUUID();
      const outcome = await postWebhook({ url, headers: webhookHeaders([secret], id, Math.floor(Date.now() / 1000), body), body, production: false });
      if (outcome.kind !== 'answered' || outcome.status !== 200) throw new Error(`direct delivery failed: ${JSON.stringify(outcome)}`);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return DELIVERIES / ((Date.now() - started) / 1000);
}

/** Approved WEBHOOK requests with their outbox rows, all due at one instant after both instances are up. */
async function runOutbox(): Promise<number> {
  const ids = { tenant: randomUUID(), owner: randomUUID(), agent: randomUUID() };
  await db.pool.query(`INSERT INTO tenants (id, slug, name) VALUES ($1, 'bench-deliveries', 'Bench')`, [ids.tenant]);
  await db.pool.query(`INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1, $2, 'bench-deliveries@example.com', 'x')`, [ids.tenant, ids.owner]);
  await db.pool.query(`INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, 'bench', 'csk_', 'x')`, [
    ids.tenant,
    ids.agent,
    ids.owner,
  ]);
  await db.pool.query(
    `INSERT INTO operations (tenant_id, op, version, summary, input_schema, content_hash, irreversible, risk, runner, webhook_url, secret_fields, needs_repository, defined_by)
     VALUES ($1, 'bench.deliver', 1, 'Bench', '{"type":"object"}', repeat('0', 64), false, 'low', 'webhook', $2, '{}', false, $3)`,
    [ids.tenant, url, ids.owner],
  );
  await db.pool.query(`INSERT INTO operation_heads (tenant_id, op, latest_version, webhook_secret) VALUES ($1, 'bench.deliver', 1, $2)`, [
    ids.tenant,
    box.seal(secret, 'webhook-secret'),
  ]);
  const instances = await Promise.all([
    spawnBuiltApi(db.url, { COUNTERSIGN_DELIVERY_POLL_MS: '50' }),
    spawnBuiltApi(db.url, { COUNTERSIGN_DELIVERY_POLL_MS: '50' }),
  ]);
  try {
    const due = new Date(Date.now() + 3000);
    await db.pool.query(
      `WITH s AS (
         INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, op_version, runner, input, input_hash, summary, state, decided_at, risk, risk_reasons)
         SELECT $1, gen_random_uuid(), $2, $3, 'bench.deliver', 1, 'webhook', '{"n":' || n || '}', md5(n::text) || md5(n::text), 'bench', 'delivering', now(), 'low', '{}'
           FROM generate_series(1, $4) n
         RETURNING tenant_id, id, input, decided_at)
       INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, due_at, give_up_at)
       SELECT gen_random_uuid(), tenant_id, 'webhook', id, $5, json_build_object('id', id, 'input', input::json)::text, $6, decided_at + interval '1 day' FROM s`,
      [ids.tenant, ids.agent, ids.owner, DELIVERIES, url, due],
    );
    const before = received;
    while (
      (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM sign_offs WHERE state = 'succeeded' AND op = 'bench.deliver'`)).rows[0]!.n <
      DELIVERIES
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsed = (Date.now() - due.getTime()) / 1000;
    if (received - before < DELIVERIES) throw new Error('the receiver saw fewer deliveries than succeeded');
    return DELIVERIES / elapsed;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}
