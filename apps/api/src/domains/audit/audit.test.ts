import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { createEndpoint, distinctEvents } from '../../../test/notify-kit.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { fromJson, is, list, text, type TestApi, type SignedInOwner } from '../../../test/testkit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { MINT, threeOwners } from '../../../test/two-person-kit.js';
import { SecretBox } from '../../platform/lib/sealed.js';
import { verifyDatabase, type AuditCliIo } from './cli.js';
import { parseSignedHead, type SignedHead } from './signed-head.js';
import { rotateAuditKey, signDueHeads, signTenantHead } from '../../jobs/audit-signer/signer.js';
import { verifyExportText, verifyStoredChain } from './verify.js';
import { spawnApi } from '../../../test/spawn-api.js';

/** The sealing key the test instances use (fixtures.ts), as an operator's CLI shares the server's. */
const SECRET_KEY = Buffer.alloc(32, 7);
const box = new SecretBox(SECRET_KEY);

/** Runs `pnpm countersign …` as an operator or auditor would. */
function cli(databaseUrl: string | undefined, args: string[]) {
  const env: Record<string, string> = { COUNTERSIGN_SECRET_KEY: SECRET_KEY.toString('base64') };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawnTs('src/app/cli/main.ts', args, env);
  child.stdin?.end();
  return finished(child);
}

const LOG = `query($after: String, $first: Int) {
  auditLog(after: $after, first: $first) { nodes { seq prevHash hash kind actor subject detail at entry } pageInfo { hasNextPage endCursor } }
}`;

async function tenantOf(api: TestApi, owner: SignedInOwner): Promise<{ tenantId: string; ownerId: string }> {
  const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
    'SELECT tenant_id AS "tenantId", id AS "ownerId" FROM owners WHERE email = $1',
    [owner.email],
  );
  return rows[0]!;
}

/** An owner, an agent and a repository, and `count` pending mint requests of that agent. */
async function pendingRequests(api: TestApi, owner: SignedInOwner, count: number): Promise<string[]> {
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const ids: string[] = [];
  for (let n = 1; n <= count; n++)
    ids.push(await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: n } }));
  return ids;
}

/** The `audit verify` output of the database check, captured. */
async function verifyInProcess(api: TestApi, options: { tenantId?: string; head?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: AuditCliIo = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await verifyDatabase(io, api.db.pool, options);
  return { code, out: out.join(''), err: err.join('') };
}

/** A chain of `count` decisions in a fresh tenant. */
async function decidedChain(api: TestApi, count: number) {
  const owner = await api.owner();
  const ids = await pendingRequests(api, owner, count);
  for (const [n, id] of ids.entries()) await api.decide(owner.cookie, id, n % 2 === 0, n % 2 === 0 ? undefined : 'not now');
  return { owner, ...(await tenantOf(api, owner)) };
}

/**
 * Runs a tampering statement past the audit tables' triggers and keys, as an
 * operator with the database's keys could (replica mode fires no trigger).
 */
async function tamper(api: TestApi, sql: string, params: unknown[] = []) {
  const client = await api.db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

function withFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-audit-'));
  return work(folder).finally(() => rmSync(folder, { recursive: true, force: true }));
}

describe('the decision log (docs/audit.md)', () => {
  apiTest('appends one entry per decision, authority issue and revocation and agent revocation, and the chain verifies', async ({ api }) => {
    const owner = await api.owner();
    const { tenantId, ownerId } = await tenantOf(api, owner);
    const [approved, denied] = await pendingRequests(api, owner, 2);
    await api.decide(owner.cookie, approved!, true);
    await api.decide(owner.cookie, denied!, false, 'too broad');
    // A decision that changes nothing appends nothing.
    expect(await api.decide(owner.cookie, denied!, true)).toMatchObject({ __typename: 'SignOffClosed' });
    const agent = await api.agent(owner);
    const authority = await api.authority(owner, agent.id, { tokens: 1000 });
    const revokeAuthority = 'mutation($input: RevokeAuthorityInput!) { revokeAuthority(input: $input) { __typename } }';
    await api.graphql(revokeAuthority, { input: { authority: authority, reason: 'done' } }, { cookie: owner.cookie });
    await api.graphql(revokeAuthority, { input: { authority: authority, reason: 'again' } }, { cookie: owner.cookie });
    const revokeAgent = 'mutation($input: RevokeAgentInput!) { revokeAgent(input: $input) { __typename } }';
    await api.graphql(revokeAgent, { input: { id: agent.id } }, { cookie: owner.cookie });
    await api.graphql(revokeAgent, { input: { id: agent.id } }, { cookie: owner.cookie });

    const page = (await api.graphql(LOG, { first: 100 }, { cookie: owner.cookie })).data?.auditLog;
    const nodes = list(page?.nodes);
    expect(nodes.map((node) => [node.seq, node.kind, node.actor, node.subject])).toEqual([
      [1, 'signoff.approved', `owner:${ownerId}`, `signoff:${approved}`],
      [2, 'signoff.denied', `owner:${ownerId}`, `signoff:${denied}`],
      [3, 'authority.issued', `owner:${ownerId}`, `authority:${authority}`],
      [4, 'authority.revoked', `owner:${ownerId}`, `authority:${authority}`],
      [5, 'agent.revoked', `owner:${ownerId}`, `agent:${agent.id}`],
    ]);
    expect(nodes[0]!.prevHash).toBe('0'.repeat(64));
    expect(nodes[1]).toMatchObject({ prevHash: text(nodes[0]!.hash), detail: { op: 'repository.mintToken', note: 'too broad' } });
    expect(nodes[3]!.detail).toMatchObject({ agentId: agent.id, reason: 'done' });
    expect(fromJson(text(nodes[4]!.entry))).toMatchObject({ v: 1, tenantId, seq: 5, kind: 'agent.revoked' });
    expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ count: 5, problem: null });
  });

  apiTest(
    'records a first of two approvals as signoff.partially_approved and the second as signoff.approved, by their owners; a refused repeat records nothing',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const { tenantId, ownerId } = await tenantOf(api, owner);
      const secondId = (await tenantOf(api, second)).ownerId;
      const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
      const before = Number((await api.db.pool.query<{ seq: string }>('SELECT seq FROM audit_heads WHERE tenant_id = $1', [tenantId])).rows[0]?.seq ?? 0);
      await api.decide(owner.cookie, id, true, 'fine by me');
      await api.decide(owner.cookie, id, true);
      await api.decide(second.cookie, id, true, 'agreed');
      const nodes = list((await api.graphql(LOG, { after: String(before), first: 10 }, { cookie: second.cookie })).data?.auditLog?.nodes);
      expect(nodes.map((node) => [node.kind, node.actor, node.subject, node.detail?.note])).toEqual([
        ['signoff.partially_approved', `owner:${ownerId}`, `signoff:${id}`, 'fine by me'],
        ['signoff.approved', `owner:${secondId}`, `signoff:${id}`, 'agreed'],
      ]);
      expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ problem: null });
    },
  );

  apiTest('20 concurrent decisions from two API processes make a gap-free chain that verifies', async ({ api }) => {
    const owner = await api.owner();
    const { tenantId } = await tenantOf(api, owner);
    const other = await spawnApi(api.db.url);
    try {
      for (let round = 0; round < 3; round++) {
        const ids = [...(await pendingRequests(api, owner, 10)), ...(await pendingRequests(api, owner, 10))];
        // Released together, half through each process, approvals and denials mixed.
        const results = await Promise.all(
          ids.map((id, n) => api.decide(owner.cookie, id, n % 3 !== 0, n % 3 === 0 ? 'no' : undefined, n % 2 === 0 ? api.url : other.url)),
        );
        expect(results.every((result) => is(result.__typename, 'SignOffDecided'))).toBe(true);
      }
    } finally {
      await other.stop();
    }
    const { rows } = await api.db.pool.query<{ seq: string }>('SELECT seq FROM audit_entries WHERE tenant_id = $1 ORDER BY seq', [tenantId]);
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
    expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ count: 60, problem: null });
    const verified = await verifyInProcess(api, { tenantId });
    expect(verified).toEqual({ code: 0, out: `tenant ${tenantId}: verified 60 entries\n`, err: '' });
  });

  apiTest('audit verify names exactly the entry edited directly in SQL, and the gap where one was deleted', async ({ api }) => {
    const edited = await decidedChain(api, 6);
    const deleted = await decidedChain(api, 6);
    const untouched = await decidedChain(api, 3);
    const before = await cli(api.db.url, ['audit', 'verify']);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain('3 of 3 chains verified (15 entries)');

    await tamper(api, `UPDATE audit_entries SET entry = replace(entry, '"note":"not now"', '"note":"approved, fine"') WHERE tenant_id = $1 AND seq = 4`, [
      edited.tenantId,
    ]);
    await tamper(api, 'DELETE FROM audit_entries WHERE tenant_id = $1 AND seq = 3', [deleted.tenantId]);
    // The log now shows what the edit says…
    const shown = list((await api.graphql(LOG, { after: '3', first: 1 }, { cookie: edited.owner.cookie })).data?.auditLog?.nodes)[0];
    expect(shown?.detail).toMatchObject({ note: 'approved, fine' });
    // …and verify names it, and the gap.
    const after = await cli(api.db.url, ['audit', 'verify']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain(`tenant ${edited.tenantId}: FAILED at entry 4 (edited): entry 4 was edited: its content no longer gives its hash`);
    expect(after.stderr).toContain(`tenant ${deleted.tenantId}: FAILED at entry 3 (gap): entry 3 missing (deleted): entry 4 follows entry 2`);
    expect(after.stdout).toContain(`tenant ${untouched.tenantId}: verified 3 entries`);
    expect(after.stdout).toContain('1 of 3 chains verified');
    const one = await cli(api.db.url, ['audit', 'verify', '--tenant', untouched.tenantId]);
    expect([one.code, one.stdout]).toEqual([0, `tenant ${untouched.tenantId}: verified 3 entries\n`]);
  });

  apiTest('audit verify detects entries reordered in the database', async ({ api }) => {
    const { tenantId } = await decidedChain(api, 5);
    // Entries 2 and 3 trade places: every column moves but the seq.
    await tamper(
      api,
      `UPDATE audit_entries a SET prev_hash = b.prev_hash, hash = b.hash, entry = b.entry, at = b.at
         FROM audit_entries b WHERE a.tenant_id = $1 AND b.tenant_id = $1 AND (a.seq, b.seq) IN ((2, 3), (3, 2))`,
      [tenantId],
    );
    const verified = await verifyInProcess(api, { tenantId });
    expect(verified.code).toBe(1);
    expect(verified.err).toBe(`tenant ${tenantId}: FAILED at entry 2 (reordered): entry 2 was moved: its content says it is entry 3\n`);
  });

  apiTest('an exported chain verifies offline; cut short, it names its truncated tail against the signed head kept elsewhere', async ({ api }) => {
    const { owner, tenantId } = await decidedChain(api, 6);
    await withFolder(async (folder) => {
      const signed = await cli(api.db.url, ['audit', 'sign', '--tenant', tenantId]);
      expect(signed.code, signed.stderr).toBe(0);
      const head = parseSignedHead(signed.stdout.trim());
      expect(head).toMatchObject({ tenantId, seq: 6 });
      const headFile = path.join(folder, 'head.json');
      writeFileSync(headFile, signed.stdout);

      // The owner exports over HTTP (their session), as an auditor would be handed it.
      const response = await fetch(`${api.url}/audit/export`, { headers: { cookie: owner.cookie } });
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const exported = await response.text();
      expect(exported.trim().split('\n')).toHaveLength(6);
      const exportFile = path.join(folder, 'export.jsonl');
      writeFileSync(exportFile, exported);
      // `=`: a base64url key may begin with "-", which a separate argument would have read as an option.
      const offline = await cli(undefined, ['audit', 'verify', '--from', exportFile, '--head', headFile, `--public-key=${head.publicKey}`]);
      expect(offline.code, offline.stderr).toBe(0);
      expect(offline.stdout).toMatch(
        new RegExp(`^tenant ${tenantId}: verified 6 entries; holds signed head 6 \\(signed .* with audit key ${head.kid}, public key ${head.publicKey}\\)\\n$`),
      );

      // Cut: the last two lines are dropped from the file …
      const cutFile = path.join(folder, 'cut.jsonl');
      writeFileSync(cutFile, exported.trim().split('\n').slice(0, 4).join('\n'));
      const cut = await cli(undefined, ['audit', 'verify', '--from', cutFile, '--head', headFile]);
      expect(cut.code).toBe(1);
      expect(cut.stderr).toContain(
        'FAILED at entry 5 (truncated): the chain was truncated: it ends at entry 4, the signed head is entry 6 (entries 5–6 cut off)',
      );
      // … and in the database, head row and stored signed heads with them, so only the head kept elsewhere tells.
      await tamper(api, 'DELETE FROM audit_entries WHERE tenant_id = $1 AND seq > 4', [tenantId]);
      await tamper(api, 'DELETE FROM audit_signed_heads WHERE tenant_id = $1', [tenantId]);
      await tamper(
        api,
        `UPDATE audit_heads h SET seq = 4, hash = e.hash FROM audit_entries e WHERE e.tenant_id = h.tenant_id AND e.seq = 4 AND h.tenant_id = $1`,
        [tenantId],
      );
      expect(await verifyInProcess(api, { tenantId })).toMatchObject({ code: 0 });
      const held = await verifyInProcess(api, { tenantId, head: headFile });
      expect(held.code).toBe(1);
      expect(held.err).toContain(`tenant ${tenantId}: FAILED at entry 5 (truncated)`);
    });
  });

  apiTest('audit verify refuses a file that is not a chain, or a head that is not one, with a clear error and exit 2', async ({ api }) => {
    await decidedChain(api, 1);
    await withFolder(async (folder) => {
      const notChain = path.join(folder, 'notes.txt');
      writeFileSync(notChain, 'these are my notes\n');
      const refused = await cli(undefined, ['audit', 'verify', '--from', notChain]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(`countersign: ${notChain}: not an audit chain export: line 1 is not JSON\n`);
      const empty = path.join(folder, 'empty.jsonl');
      writeFileSync(empty, '');
      expect(await cli(undefined, ['audit', 'verify', '--from', empty])).toMatchObject({
        code: 2,
        stderr: `countersign: ${empty}: not an audit chain export: the file holds no entries\n`,
      });
      const badHead = path.join(folder, 'head.json');
      writeFileSync(badHead, '{"seq": 1}');
      const refusedHead = await cli(api.db.url, ['audit', 'verify', '--head', badHead]);
      expect(refusedHead.code).toBe(2);
      expect(refusedHead.stderr).toContain('not a signed head: it needs "tenantId", "seq" (from 1) and "hash"');
      const missing = await cli(undefined, ['audit', 'verify', '--from', path.join(folder, 'nowhere.jsonl')]);
      expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read the export') as unknown });
    });
  });

  apiTest(
    'audit verify passes a tenant with no entries, names every tenant whose chain was deleted (head row and all, signed heads kept or not), and refuses an unknown tenant or a head of no tenant with exit 2',
    async ({ api }) => {
      const empty = await tenantOf(api, await api.owner());
      expect(await verifyInProcess(api, { tenantId: empty.tenantId })).toEqual({ code: 0, out: `tenant ${empty.tenantId}: verified 0 entries\n`, err: '' });
      const wiped = await decidedChain(api, 3);
      const signedThenWiped = await decidedChain(api, 2);
      expect(await signTenantHead(api.db.pool, box, wiped.tenantId)).toMatchObject({ head: { seq: 3 } });
      expect(await signTenantHead(api.db.pool, box, signedThenWiped.tenantId)).toMatchObject({ head: { seq: 2 } });
      expect(await verifyInProcess(api)).toMatchObject({ code: 0, err: '' });
      // Everything of the one tenant's log; the other's entries and head row, its signed head left.
      await tamper(api, 'DELETE FROM audit_signed_heads WHERE tenant_id = $1', [wiped.tenantId]);
      for (const tenantId of [wiped.tenantId, signedThenWiped.tenantId]) {
        await tamper(api, 'DELETE FROM audit_entries WHERE tenant_id = $1', [tenantId]);
        await tamper(api, 'DELETE FROM audit_heads WHERE tenant_id = $1', [tenantId]);
      }
      const all = await verifyInProcess(api);
      expect(all.code).toBe(1);
      expect(all.err.split('\n').filter(Boolean).sort()).toEqual(
        [
          `tenant ${wiped.tenantId}: FAILED at entry 1 (truncated): the chain's head row was deleted: entries after entry 0 may have been cut off with it`,
          `tenant ${signedThenWiped.tenantId}: FAILED at entry 1 (truncated): the chain was truncated: it ends at entry 0, the signed head is entry 2 (entries 1–2 cut off)`,
        ].sort(),
      );
      expect(all.out).toBe(`tenant ${empty.tenantId}: verified 0 entries\n1 of 3 chains verified (0 entries)\n`);

      const unknown = '00000000-0000-4000-8000-000000000000';
      await expect(verifyInProcess(api, { tenantId: unknown })).rejects.toThrow(`no tenant has the id ${unknown}`);
      await withFolder(async (folder) => {
        const signed = (await signTenantHead(api.db.pool, box, (await decidedChain(api, 1)).tenantId))!.head;
        const notUuid = path.join(folder, 'not-uuid.json');
        writeFileSync(notUuid, JSON.stringify({ ...signed, tenantId: 'acme' }));
        const refused = await cli(api.db.url, ['audit', 'verify', '--head', notUuid]);
        expect([refused.code, refused.stderr]).toEqual([2, `countersign: ${notUuid}: not a signed head: its "tenantId" is not a tenant id (a UUID)\n`]);
        const ofNoTenant = path.join(folder, 'no-tenant.json');
        writeFileSync(ofNoTenant, JSON.stringify({ ...signed, tenantId: unknown }));
        const none = await cli(api.db.url, ['audit', 'verify', '--head', ofNoTenant]);
        expect([none.code, none.stderr]).toEqual([2, `countersign: no tenant has the id ${unknown} (the tenantId of ${ofNoTenant})\n`]);
      });
    },
  );

  apiTest('sends every signed head off the box as AUDIT_HEAD_SIGNED, and signs a head that has not moved only once', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      const nothing = await api.graphql('mutation { signAuditHead { head { seq } signedNow } }', {}, { cookie: owner.cookie });
      expect(nothing.data?.signAuditHead).toEqual({ head: null, signedNow: false });
      // The endpoint's creation is the chain's first entry (webhook_endpoint.created), the decision its second.
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['AUDIT_HEAD_SIGNED'] });
      receiver.secret.value = endpoint.secret;
      const { tenantId } = await tenantOf(api, owner);
      const [id] = await pendingRequests(api, owner, 1);
      await api.decide(owner.cookie, id!, true);
      const SIGN = 'mutation { signAuditHead { head { tenantId seq hash signedAt kid publicKey signature } signedNow } }';
      const first = (await api.graphql(SIGN, {}, { cookie: owner.cookie })).data?.signAuditHead;
      expect(first).toMatchObject({ head: { tenantId, seq: 2 }, signedNow: true });
      expect((await api.graphql(SIGN, {}, { cookie: owner.cookie })).data?.signAuditHead).toEqual({ ...first, signedNow: false });

      const [event] = await distinctEvents(receiver.received, 1);
      expect(event!.verified).toBe(true);
      const body = fromJson(event!.body);
      expect(body).toMatchObject({ type: 'AUDIT_HEAD_SIGNED', data: { auditHead: { tenantId, seq: 2 } } });
      // What arrived is a head `audit verify --head` accepts, against the chain as exported.
      const delivered = parseSignedHead(JSON.stringify(body.data?.auditHead));
      expect(delivered).toEqual({ ...first!.head, signedAt: new Date(text(first!.head!.signedAt)).toISOString() });
      const exported = await (await fetch(`${api.url}/audit/export`, { headers: { cookie: owner.cookie } })).text();
      expect(verifyExportText(exported, delivered)).toMatchObject({ count: 2, problem: null });
      expect(receiver.received.every((delivery) => delivery.id === event!.id)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  apiTest('signs a moving head once an hour, and a head that has not moved never again', async ({ api }) => {
    const { tenantId, owner } = await decidedChain(api, 2);
    const quiet = await decidedChain(api, 1);
    expect(await signDueHeads(api.db.pool, box, testLog)).toBe(2);
    expect(await signDueHeads(api.db.pool, box, testLog)).toBe(0);
    const [id] = await pendingRequests(api, owner, 1);
    await api.decide(owner.cookie, id!, true);
    // Moved, but signed less than an hour ago: it waits for the hour.
    expect(await signDueHeads(api.db.pool, box, testLog)).toBe(0);
    await tamper(api, `UPDATE audit_signed_heads SET signed_at = signed_at - interval '61 minutes'`);
    expect(await Promise.all([signDueHeads(api.db.pool, box, testLog), signDueHeads(api.db.pool, box, testLog)]).then(([a, b]) => a + b)).toBe(1);
    const { rows } = await api.db.pool.query<{ tenantId: string; seq: string }>(
      'SELECT tenant_id AS "tenantId", seq FROM audit_signed_heads ORDER BY tenant_id, seq',
    );
    expect(rows.filter((row) => row.tenantId === tenantId).map((row) => Number(row.seq))).toEqual([2, 3]);
    expect(rows.filter((row) => row.tenantId === quiet.tenantId).map((row) => Number(row.seq))).toEqual([1]);
  });

  apiTest(
    'rotating the audit key keeps every head signed before verifiable, by the old key kept beside the new; private halves sealed for audit signing only',
    async ({ api }) => {
      const { tenantId, owner } = await decidedChain(api, 2);
      const before = (await signTenantHead(api.db.pool, box, tenantId))!.head;
      const rotated = await rotateAuditKey(api.db.pool, box);
      expect(rotated).not.toBe(before.kid);
      const [id] = await pendingRequests(api, owner, 1);
      await api.decide(owner.cookie, id!, false, 'no');
      const after: SignedHead = (await signTenantHead(api.db.pool, box, tenantId))!.head;
      expect(after).toMatchObject({ seq: 3, kid: rotated });
      const keys = (await api.graphql('{ auditKeys { kid publicKey retiredAt } }', {}, { cookie: owner.cookie })).data?.auditKeys;
      expect(list(keys).map((key) => [key.kid, key.retiredAt === null])).toEqual([
        [before.kid, false],
        [rotated, true],
      ]);
      await withFolder(async (folder) => {
        const oldHead = path.join(folder, 'old-head.json');
        writeFileSync(oldHead, JSON.stringify(before));
        expect(await verifyInProcess(api, { tenantId, head: oldHead })).toMatchObject({ code: 0 });
        // A head whose signature does not hold is refused, whatever key it names.
        const forged = path.join(folder, 'forged.json');
        writeFileSync(forged, JSON.stringify({ ...before, seq: 2, hash: after.hash }));
        const refused = await verifyInProcess(api, { tenantId, head: forged });
        expect(refused.code).toBe(1);
        expect(refused.err).toContain("the head's signature does not verify");
      });
      const published = (await (await fetch(`${api.url}/.well-known/audit-keys.json`)).json()) as { keys: { kid: string }[] };
      expect(published.keys.map((key) => key.kid)).toEqual([before.kid, rotated]);
      await expect(api.db.pool.query('DELETE FROM audit_keys WHERE kid = $1', [before.kid])).rejects.toThrow('audit keys are never removed');
      const sealed = await api.db.pool.query<{ privateKey: string }>('SELECT private_key AS "privateKey" FROM audit_keys');
      for (const { privateKey } of sealed.rows) {
        expect(privateKey).toMatch(/^v1\./);
        expect(() => box.open(privateKey, 'approval-signing-key')).toThrow();
        expect(JSON.parse(box.open(privateKey, 'audit-signing-key'))).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
      }
    },
  );

  apiTest("auditLog pages only the owner's own tenant; agents are FORBIDDEN and a page outside 1 to 500 is BAD_INPUT", async ({ api }) => {
    const mine = await decidedChain(api, 5);
    const theirs = await decidedChain(api, 3);
    const first = (await api.graphql(LOG, { first: 2 }, { cookie: mine.owner.cookie })).data?.auditLog;
    expect(list(first?.nodes).map((node) => node.seq)).toEqual([1, 2]);
    expect(first?.pageInfo).toEqual({ hasNextPage: true, endCursor: '2' });
    const rest = (await api.graphql(LOG, { after: '2', first: 500 }, { cookie: mine.owner.cookie })).data?.auditLog;
    expect(list(rest?.nodes).map((node) => node.seq)).toEqual([3, 4, 5]);
    expect(rest?.pageInfo).toEqual({ hasNextPage: false, endCursor: '5' });
    const subjects = (owner: SignedInOwner) =>
      api.graphql(LOG, { first: 500 }, { cookie: owner.cookie }).then((r) => list(r.data?.auditLog?.nodes).map((n) => text(n.entry)));
    expect((await subjects(mine.owner)).every((entry) => entry.includes(mine.tenantId) && !entry.includes(theirs.tenantId))).toBe(true);
    expect(await subjects(theirs.owner)).toHaveLength(3);
    const theirExport = await (await fetch(`${api.url}/audit/export`, { headers: { cookie: theirs.owner.cookie } })).text();
    expect(theirExport.split('\n').filter(Boolean)).toHaveLength(3);

    const agent = await api.agent(mine.owner);
    expect((await api.graphql(LOG, {}, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const agentExport = await fetch(`${api.url}/audit/export`, { headers: { authorization: `Bearer ${agent.key}` } });
    expect(agentExport.status).toBe(403);
    expect((await fetch(`${api.url}/audit/export`)).status).toBe(401);
    for (const [variables, message] of [
      [{ first: 0 }, '"first" must be from 1 to 500.'],
      [{ first: 501 }, '"first" must be from 1 to 500.'],
      [{ after: 'abc' }, 'That cursor is not one this API gave out'],
    ] as const) {
      const refused = await api.graphql(LOG, variables, { cookie: mine.owner.cookie });
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(refused.errors?.[0]?.message).toContain(message);
    }
  });
});
