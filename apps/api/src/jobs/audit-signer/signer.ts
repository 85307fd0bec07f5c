import { createPrivateKey, generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../platform/db/sql.js';
import type { SecretBox } from '../../platform/lib/sealed.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import type { Logger } from '../../platform/logger.js';
import { startPeriodic, type PeriodicTask } from '../../platform/lib/periodic-task.js';
import { signedHeadView, signHeadStatement, type SignedHead } from '../../domains/audit/signed-head.js';
import {
  findActiveAuditKey,
  findHead,
  findSignedHead,
  headsDueForSigning,
  insertActiveAuditKey,
  insertSignedHead,
  retireActiveAuditKey,
  type AuditKeyRow,
} from '../../domains/audit/store.js';

/*
 * The audit signer: a job that signs chain heads with the server's audit key
 * (docs/audit.md, rules L4 and L5). It sits above the audit domain, reading
 * and writing through domains/audit/store.ts, so the domain (append, verify, reads)
 * never imports it; the CLI, the signAuditHead mutation and the runtime's
 * timer call it from above.
 */

/** Bound as associated data: a sealed audit key opens only as one (never as an approval key, nor one as this). */
const PRIVATE_KEY_PURPOSE = 'audit-signing-key';

/** How often a moving head is signed (docs/audit.md, rule L4). */
export const AUDIT_SIGN_EVERY_SECONDS = 3600;

function newAuditKey(box: SecretBox): Omit<AuditKeyRow, 'retiredAt'> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const kid = `audit-${randomUUID()}`;
  return {
    kid,
    publicKey: publicKey.export({ format: 'jwk' }).x!,
    privateKey: box.seal(JSON.stringify(privateKey.export({ format: 'jwk' })), PRIVATE_KEY_PURPOSE),
  };
}

/** The active audit key, made at first use; racing instances make exactly one (the unique index on the active key). */
async function activeAuditKey(db: Queryable, box: SecretBox): Promise<AuditKeyRow> {
  const existing = await findActiveAuditKey(db);
  if (existing) return existing;
  await insertActiveAuditKey(db, newAuditKey(box));
  const active = await findActiveAuditKey(db);
  if (!active) throw new Error('no active audit key after creating one');
  return active;
}

/**
 * Signs a tenant's current head with the active audit key and stores it
 * (the insert writes the AUDIT_HEAD_SIGNED event, in the same statement's
 * transaction). A head signed already is returned as it was: one
 * signature per head. Null when the tenant has no entry yet.
 */
export async function signTenantHead(pool: pg.Pool, box: SecretBox, tenantId: string): Promise<{ head: SignedHead; fresh: boolean } | null> {
  const head = await findHead(pool, tenantId);
  if (!head || head.seq === 0) return null;
  return signHead(pool, box, { tenantId, ...head });
}

async function signHead(pool: pg.Pool, box: SecretBox, head: { tenantId: string; seq: number; hash: string }): Promise<{ head: SignedHead; fresh: boolean }> {
  const existing = await findSignedHead(pool, head.tenantId, head.seq);
  if (existing) return { head: signedHeadView(existing), fresh: false };
  const key = await activeAuditKey(pool, box);
  const privateKey: KeyObject = createPrivateKey({
    key: JSON.parse(box.open(key.privateKey, PRIVATE_KEY_PURPOSE)) as JsonWebKey,
    format: 'jwk',
  });
  // Milliseconds, as JavaScript and the stored timestamptz both hold them exactly: the statement reads back byte for byte.
  const signedAt = new Date();
  const unsigned = { tenantId: head.tenantId, seq: head.seq, hash: head.hash, signedAt: signedAt.toISOString(), kid: key.kid };
  const signature = signHeadStatement(privateKey, unsigned);
  const fresh = await inTransaction(pool, (tx) => insertSignedHead(tx, { ...unsigned, signedAt, signature }));
  const stored = await findSignedHead(pool, head.tenantId, head.seq);
  return { head: signedHeadView(stored!), fresh };
}

/**
 * Signs every head due (moved since its tenant's last signed head, which
 * is an hour old or more); a head that has not moved needs no new
 * signature. Safe on every instance at once: one signature per head.
 */
export async function signDueHeads(pool: pg.Pool, box: SecretBox, log: Logger): Promise<number> {
  let signed = 0;
  for (;;) {
    const due = await headsDueForSigning(pool, AUDIT_SIGN_EVERY_SECONDS, 100);
    for (const head of due) {
      if ((await signHead(pool, box, head)).fresh) signed++;
    }
    if (due.length < 100) break;
  }
  if (signed > 0) log.info({ signed }, 'audit chain heads signed');
  return signed;
}

/**
 * Retires the active audit key and makes a new one, together (`audit
 * rotate-key`). The retired key is kept: every head it signed still
 * verifies (rule L5). Returns the new key's id.
 */
export async function rotateAuditKey(pool: pg.Pool, box: SecretBox): Promise<string> {
  const key = newAuditKey(box);
  await inTransaction(pool, async (tx) => {
    await retireActiveAuditKey(tx);
    // A rotation committed since this transaction's snapshot leaves an active key the UPDATE could not see.
    if (!(await insertActiveAuditKey(tx, key))) throw new Error('another audit key rotation ran at the same moment; run the rotation again');
  });
  return key.kid;
}

/** Signs the owner's tenant's head now (docs/audit.md, rule L4): the `signAuditHead` mutation. */
export async function signAuditHeadNow(pool: pg.Pool, box: SecretBox, owner: OwnerPrincipal): Promise<{ head: SignedHead | null; signedNow: boolean }> {
  const signed = await signTenantHead(pool, box, owner.tenantId);
  return { head: signed?.head ?? null, signedNow: signed?.fresh ?? false };
}

/**
 * Signs due heads every `intervalMs` (with jitter) until stopped: the
 * hourly signature of rule L4, checked each interval so a head is signed
 * within about an hour and an interval of moving, whichever instance finds it.
 */
export function startAuditHeadSigning(pool: pg.Pool, box: SecretBox, log: Logger, intervalMs = 60_000): PeriodicTask {
  return startPeriodic(
    () => signDueHeads(pool, box, log).catch((error: unknown) => log.warn({ err: (error as Error).message }, 'could not sign audit chain heads')),
    { job: 'audit-signer', intervalMs },
  );
}
