import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '@countersign/manifest';
import { isUuid } from '../../platform/lib/validation.js';
import { isChainHash } from './chain.js';
import type { SignedHeadRow } from './store.js';

/** What a signed head's statement says it is; a verifier refuses any other. */
export const HEAD_STATEMENT_TYPE = 'countersign.audit-head.v1';

/**
 * A chain head signed with an audit key, as it leaves the box (the
 * AUDIT_HEAD_SIGNED notification, `audit sign`) and as `audit verify --head`
 * reads it back. The signature covers `headStatement(head)`; `publicKey` is
 * the signing key's raw 32 bytes (base64url), carried so the file verifies
 * on its own — an auditor holds it to a key they got out of band
 * (docs/audit.md, rule L5).
 */
export interface SignedHead {
  tenantId: string;
  seq: number;
  hash: string;
  signedAt: string;
  kid: string;
  publicKey: string;
  signature: string;
}

/** The exact bytes an audit key signs for a head. */
export function headStatement(head: Pick<SignedHead, 'tenantId' | 'seq' | 'hash' | 'signedAt' | 'kid'>): string {
  return canonicalJson({ type: HEAD_STATEMENT_TYPE, tenantId: head.tenantId, seq: head.seq, hash: head.hash, signedAt: head.signedAt, kid: head.kid });
}

/** Ed25519 over the head's statement, base64url. */
export function signHeadStatement(privateKey: KeyObject, head: Pick<SignedHead, 'tenantId' | 'seq' | 'hash' | 'signedAt' | 'kid'>): string {
  return sign(null, Buffer.from(headStatement(head), 'utf8'), privateKey).toString('base64url');
}

/** An Ed25519 public key from its raw 32 bytes in base64url. */
export function publicKeyOf(raw: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/** Thrown for a head file that is not a signed head. */
export class NotASignedHeadError extends Error {}

const BASE64URL_KEY = /^[A-Za-z0-9_-]{43}$/;
const BASE64URL_SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** A signed head read strictly from its JSON text. */
export function parseSignedHead(text: string): SignedHead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new NotASignedHeadError('not a signed head: the file is not JSON');
  }
  const h = value as Record<string, unknown> | null;
  if (typeof h !== 'object' || h === null || Array.isArray(h)) throw new NotASignedHeadError('not a signed head: the file is not a JSON object');
  if (typeof h.tenantId !== 'string' || !Number.isSafeInteger(h.seq) || (h.seq as number) < 1 || !isChainHash(h.hash))
    throw new NotASignedHeadError('not a signed head: it needs "tenantId", "seq" (from 1) and "hash" (64 lower-case hex digits)');
  // A tenant id is a UUID: anything else names no tenant (and would reach the database as an invalid uuid).
  if (!isUuid(h.tenantId)) throw new NotASignedHeadError('not a signed head: its "tenantId" is not a tenant id (a UUID)');
  if (typeof h.signedAt !== 'string' || typeof h.kid !== 'string') throw new NotASignedHeadError('not a signed head: it needs "signedAt" and "kid"');
  if (typeof h.publicKey !== 'string' || !BASE64URL_KEY.test(h.publicKey) || typeof h.signature !== 'string' || !BASE64URL_SIGNATURE.test(h.signature))
    throw new NotASignedHeadError('not a signed head: it needs "publicKey" (32 bytes) and "signature" (64 bytes), base64url');
  return { tenantId: h.tenantId, seq: h.seq as number, hash: h.hash, signedAt: h.signedAt, kid: h.kid, publicKey: h.publicKey, signature: h.signature };
}

/**
 * Whether a head's signature holds. With `knownKeys` (kid → public key, every
 * audit key ever made: the database's, or the published set), the head's key
 * must be one of them; without, the key it carries is used and the caller
 * reports it so the auditor can compare it with one they trust.
 */
export function checkHeadSignature(head: SignedHead, knownKeys?: ReadonlyMap<string, string>): string | null {
  if (knownKeys) {
    const known = knownKeys.get(head.kid);
    if (!known) return `the head was signed with key ${head.kid}, which is not an audit key of this server`;
    if (known !== head.publicKey) return `the head carries another public key than audit key ${head.kid}`;
  }
  let key: KeyObject;
  try {
    key = publicKeyOf(head.publicKey);
  } catch {
    return "the head's public key is not an Ed25519 key";
  }
  const ok = verify(null, Buffer.from(headStatement(head), 'utf8'), key, Buffer.from(head.signature, 'base64url'));
  return ok ? null : "the head's signature does not verify: the head was changed, or signed with another key";
}

/** A stored signed head as it leaves the box. */
export function signedHeadView(row: SignedHeadRow): SignedHead {
  return {
    tenantId: row.tenantId,
    seq: row.seq,
    hash: row.hash,
    signedAt: row.signedAt.toISOString(),
    kid: row.kid,
    publicKey: row.publicKey,
    signature: row.signature,
  };
}
