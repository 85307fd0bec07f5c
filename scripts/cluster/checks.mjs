// What a cluster run asserts once the workload is over: the ledger and the
// sign-offs in the database agree with what the clients were answered, the
// outbox drains, and `countersign status` runs.
import { tally } from './client.mjs';
import { runTs } from './processes.mjs';

const OUTBOX_DRAIN_MS = 5_000;

/** Per authority: its receipts, and its balance's drawn total, draws and ceiling − remaining. */
export async function readLedger(db) {
  const { rows } = await db.query(
    `SELECT a.id, coalesce(sum(r.tokens), 0)::text AS receipts, count(r.*)::int AS receipt_count,
            b.drawn_tokens::text AS drawn, b.draws::int AS draws, (a.ceiling_tokens - b.remaining_tokens)::text AS used
       FROM authorities a
       JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
       LEFT JOIN authority_receipts r ON r.tenant_id = a.tenant_id AND r.owner_id = a.owner_id AND r.authority_id = a.id
      GROUP BY a.id, a.ceiling_tokens, b.drawn_tokens, b.draws, b.remaining_tokens ORDER BY a.id`,
  );
  return rows;
}

/**
 * Checks the database against what the clients saw; resolves with the
 * problems found (none: the run passed) and the figures the report prints.
 */
export async function checkRun(db, { databaseUrl, owner }) {
  const problems = [];
  const after = await readLedger(db);
  const receiptsTotal = checkLedger(after, problems);
  const states = await checkSignOffs(db, problems);
  const outbox = await drainOutbox(db);
  // What an operator sees now: the two live instances, and the killed one until its last beat is a minute old.
  const status = await runTs('src/app/cli/main.ts', ['status'], { DATABASE_URL: databaseUrl });
  if (status.code !== 0) problems.push(`pnpm countersign status exited ${status.code}`);
  const audited = (await db.query(`SELECT count(*)::int AS count FROM sign_offs WHERE decided_at IS NOT NULL`)).rows[0].count;
  if (owner.failures.length > 0) problems.push(`the subscription ended with an error: ${owner.failures.map(String).join('; ')}`);
  return { problems, after, receiptsTotal, states, outbox, status, audited };
}

/** Per authority, receipts = drawn = ceiling − remaining = what the clients counted; returns the receipts in all. */
function checkLedger(after, problems) {
  for (const row of after) {
    const counted = tally.draws.tokensCounted.get(row.id) ?? 0;
    if (BigInt(row.receipts) !== BigInt(row.drawn)) problems.push(`authority ${row.id}: receipts sum ${row.receipts} ≠ drawn ${row.drawn}`);
    if (BigInt(row.used) !== BigInt(row.drawn)) problems.push(`authority ${row.id}: ceiling − remaining ${row.used} ≠ drawn ${row.drawn}`);
    if (row.receipt_count !== row.draws) problems.push(`authority ${row.id}: ${row.receipt_count} receipts ≠ ${row.draws} draws counted`);
    if (BigInt(row.receipts) !== BigInt(counted)) problems.push(`authority ${row.id}: receipts sum ${row.receipts} ≠ clients counted ${counted}`);
  }
  const receiptsTotal = after.reduce((sum, row) => sum + row.receipt_count, 0);
  // One Drawn answer per dispatch key, first time or replayed after a lost answer: one receipt each.
  if (receiptsTotal !== tally.draws.succeeded)
    problems.push(`${receiptsTotal} receipts, but the clients were answered Drawn for ${tally.draws.succeeded} dispatch keys`);
  return receiptsTotal;
}

/** Every sign-off an agent was answered for is stored and decided, and answered SignOffDecided once; resolves with the count by state. */
async function checkSignOffs(db, problems) {
  const { asked, decided } = tally.signOffs;
  const states = (
    await db.query(`SELECT state, count(*)::int AS count FROM sign_offs WHERE tenant_id = (SELECT tenant_id FROM owners LIMIT 1) GROUP BY state ORDER BY state`)
  ).rows;
  const stored = (await db.query(`SELECT id, state, decided_at IS NOT NULL AS decided FROM sign_offs`)).rows;
  const storedIds = new Set(stored.map((row) => row.id));
  for (const id of asked) if (!storedIds.has(id)) problems.push(`sign-off ${id} was answered but is not stored`);
  if (stored.length !== asked.size) problems.push(`${stored.length} sign-offs stored, the agents were answered for ${asked.size}`);
  for (const row of stored) if (!row.decided) problems.push(`sign-off ${row.id} is still ${row.state}`);
  const twice = [...decided].filter(([, count]) => count > 1);
  if (twice.length > 0) problems.push(`${twice.length} sign-offs were answered SignOffDecided more than once`);
  const undecidedByOwner = [...asked].filter((id) => !decided.has(id));
  if (undecidedByOwner.length > 0) problems.push(`${undecidedByOwner.length} sign-offs never reached the owner`);
  return states;
}

/** How many outbox rows were due at the end, and how many still are once the workers had up to OUTBOX_DRAIN_MS. */
async function drainOutbox(db) {
  // Every event the run wrote reaches the outbox; the surviving instances' workers drain what is due.
  // Not yet due: each request's reminders before its window closes (days away), which no worker may send now.
  const depth = async () => (await db.query(`SELECT count(*)::int AS count FROM outbox WHERE done_at IS NULL AND due_at <= now()`)).rows[0].count;
  const atEnd = await depth();
  const drainStarted = Date.now();
  let left = atEnd;
  while (left > 0 && Date.now() - drainStarted < OUTBOX_DRAIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = await depth();
  }
  return { atEnd, left, seconds: ((Date.now() - drainStarted) / 1000).toFixed(1) };
}
