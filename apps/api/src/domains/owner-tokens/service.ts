import { randomUUID } from 'node:crypto';
import { appendAuditEntry } from '../audit/append.js';
import { publishEvent } from '../../platform/events/publish.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { OWNER_TOKEN_PREFIX, hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { checkName, isUuid } from '../../platform/lib/validation.js';
import { pageOf, pageWindow, uuidCursor, type Page } from '../../platform/lib/page.js';
import { findOwnerToken, insertOwnerToken, listOwnerTokens, revokeLiveOwnerToken, type OwnerTokenRow, type OwnerTokenScope } from './store.js';

/** Characters of the token kept in clear so owners can tell tokens apart. */
const VISIBLE_TOKEN_CHARS = OWNER_TOKEN_PREFIX.length + 6;

/**
 * Creates an owner token. The token is returned this once; the database
 * keeps its SHA-256 only (docs/owner-tokens.md, rule OT1). The caller must
 * hold ADMIN (a session, the CLI, or an ADMIN token: rule OT4).
 */
export async function createOwnerToken(
  deps: ServiceDeps,
  owner: OwnerPrincipal,
  input: { name: string; scope: OwnerTokenScope },
): Promise<{ ownerToken: OwnerTokenRow; token: string }> {
  const name = checkName('A token name', input.name, 100);
  const token = newSecret(OWNER_TOKEN_PREFIX);
  const ownerToken = await deps.scope.transaction(async (tx) => {
    const row = await insertOwnerToken(tx, {
      tenantId: owner.tenantId,
      id: randomUUID(),
      ownerId: owner.ownerId,
      name,
      scope: input.scope,
      tokenPrefix: token.slice(0, VISIBLE_TOKEN_CHARS),
      tokenHash: hashSecret(token),
    });
    // Last: the audit head is the last lock taken (docs/audit.md, L1–L2).
    await appendAuditEntry(tx, {
      tenantId: owner.tenantId,
      kind: 'owner_token.created',
      actor: `owner:${owner.ownerId}`,
      subject: `owner_token:${row.id}`,
      detail: { name, scope: input.scope, by: owner.token ? `owner_token:${owner.token.id}` : owner.sessionId ? 'session' : 'cli' },
    });
    return row;
  });
  return { ownerToken, token };
}

/** The owner's tokens, newest first. */
/** A page of the owner's tokens, newest first; the cursor is the last token's id. */
export async function listTokens(deps: ServiceDeps, owner: OwnerPrincipal, first: number, after: string | null | undefined): Promise<Page<OwnerTokenRow>> {
  const window = pageWindow(first, after, uuidCursor);
  const rows = await listOwnerTokens(deps.db.pool, owner.tenantId, owner.ownerId, window.size + 1, window.after);
  return pageOf(rows, window.size, (row) => row.id);
}

/**
 * Revokes a token: from the commit on it is refused on every instance
 * (tokens are checked against the database on every request), and sockets
 * opened with it close on the announcement (rule OT7). Revoking twice returns
 * it unchanged; another owner's token is not found.
 */
export async function revokeOwnerToken(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<OwnerTokenRow | null> {
  if (!isUuid(id)) return null;
  return deps.scope.transaction(async (tx) => {
    const revoked = await revokeLiveOwnerToken(tx, owner.tenantId, owner.ownerId, id);
    if (revoked) {
      await publishEvent(tx, owner.tenantId, 'OWNER_TOKEN_REVOKED', { tokenId: id });
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'owner_token.revoked',
        actor: `owner:${owner.ownerId}`,
        subject: `owner_token:${id}`,
        detail: {},
      });
      return revoked;
    }
    return findOwnerToken(tx, owner.tenantId, owner.ownerId, id);
  });
}
