import { randomUUID } from 'node:crypto';
import { query, type Queryable } from '../../platform/db/sql.js';

/** Identifies one key: keys are scoped to the agent (and so the tenant) using them. */
/** Per top-level argument path (`input.summary`, `id`), a salted hash of its value (request-parts.ts): what a reused key's error compares, never the values. */
export type RequestParts = Record<string, string>;

export interface KeyScope {
  tenantId: string;
  agentId: string;
  key: string;
}

export type Claim =
  | { outcome: 'claimed'; token: string }
  | { outcome: 'replay'; response: string }
  | { outcome: 'in-flight'; retryAfterSeconds: number }
  | { outcome: 'mismatch'; field: string; parts: RequestParts | null };

/**
 * Claims a key for one request, or says why not: insert-or-nothing first;
 * then, for a key already there, a different request is a mismatch, a done
 * one is replayed, and a pending one is taken over, with a new token, only
 * when its lease has run out (its writer committed nothing and never will).
 */
export async function claimKey(db: Queryable, scope: KeyScope, field: string, request: { hash: string; parts: RequestParts }, leaseMs: number): Promise<Claim> {
  const token = randomUUID();
  const inserted = await query(
    db,
    `/* claimIdempotencyKey */
    INSERT INTO idempotency_keys (tenant_id, agent_id, key, field, request_hash, request_parts, state, claim_token, lease_until)
    VALUES ($1::uuid, $2::uuid, $3, $4, $5, $8::jsonb, 'pending', $6::uuid, now() + make_interval(secs => $7::float8 / 1000))
    ON CONFLICT (tenant_id, agent_id, key) DO NOTHING RETURNING 1 AS claimed`,
    [scope.tenantId, scope.agentId, scope.key, field, request.hash, token, leaseMs, JSON.stringify(request.parts)],
  );
  if (inserted.length === 1) return { outcome: 'claimed', token };

  const [existing] = await query<{
    field: string;
    requestHash: string;
    requestParts: RequestParts | null;
    state: string;
    response: string | null;
    leaseLeft: number | null;
  }>(
    db,
    `/* readIdempotencyKey */
    SELECT field, request_hash AS "requestHash", request_parts AS "requestParts", state, response, extract(epoch FROM lease_until - now())::float8 AS "leaseLeft"
      FROM idempotency_keys WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND key = $3`,
    [scope.tenantId, scope.agentId, scope.key],
  );
  // Swept between the insert and the read: the next attempt will insert.
  if (!existing) return { outcome: 'in-flight', retryAfterSeconds: 1 };
  if (existing.requestHash !== request.hash) return { outcome: 'mismatch', field: existing.field, parts: existing.requestParts };
  if (existing.state === 'done') return { outcome: 'replay', response: existing.response! };

  const taken = await query(
    db,
    `/* takeOverIdempotencyKey */
    UPDATE idempotency_keys SET claim_token = $4::uuid, lease_until = now() + make_interval(secs => $5::float8 / 1000)
     WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND key = $3 AND state = 'pending' /* implied by the lease (a done key has none), so no guard of its own */ AND lease_until < now() /* guard: only once its lease ran out */
    RETURNING 1 AS taken`,
    [scope.tenantId, scope.agentId, scope.key, token, leaseMs],
  );
  if (taken.length === 1) return { outcome: 'claimed', token };
  return { outcome: 'in-flight', retryAfterSeconds: Math.max(1, Math.ceil(existing.leaseLeft ?? 1)) };
}

/**
 * Marks the key done with the answer, inside the write's transaction, only
 * if this token still holds the claim. False means the lease was taken over:
 * the caller must roll its write back, leaving the taker-over's as the only one.
 */
export async function completeKey(tx: Queryable, scope: KeyScope, token: string, response: string): Promise<boolean> {
  const rows = await query(
    tx,
    `/* completeIdempotencyKey */
    UPDATE idempotency_keys SET state = 'done', response = $5, completed_at = now(), claim_token = NULL, lease_until = NULL
     WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND key = $3 AND claim_token = $4::uuid /* guard: only the claim's holder completes */ AND state = 'pending' /* implied by the claim token (completing clears it), so no guard of its own */
    RETURNING 1 AS completed`,
    [scope.tenantId, scope.agentId, scope.key, token, response],
  );
  return rows.length === 1;
}

/** Gives a refused write's claim back, so a corrected retry with the same key proceeds. */
export async function releaseKey(db: Queryable, scope: KeyScope, token: string): Promise<void> {
  await query(
    db,
    `/* releaseIdempotencyKey */
    DELETE FROM idempotency_keys WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND key = $3 AND claim_token = $4::uuid /* guard: only the claim's holder releases */ AND state = 'pending' /* implied by the claim token (completing clears it), so no guard of its own */
    RETURNING 1 AS released`,
    [scope.tenantId, scope.agentId, scope.key, token],
  );
}
