import type { AgentPrincipal } from '../../platform/lib/principal.js';
import { query, type Queryable } from '../../platform/db/sql.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import { isUuid } from '../../platform/lib/validation.js';

/** The one scope an MCP host is granted: act as the agent the owner picked (docs/oauth.md, rule OA1). */
export const AGENT_SCOPE = 'countersign:agent';

/** The resource an access token is for (RFC 8707): the MCP endpoint, and nothing else (config.ts keeps the public URL without a trailing slash). */
export function mcpResource(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

interface TokenRow {
  tenantId: string;
  ownerId: string;
  agentId: string;
  keyHash: string;
  audience: unknown;
  scope: unknown;
}

/**
 * The agent an OAuth access token acts as, or undefined when the token is
 * unknown, lapsed, for another resource or scope, its grant revoked, or its
 * agent revoked (docs/oauth.md, rule OA5): looked up on every request, so a
 * revocation holds on every instance from its commit. The principal carries
 * the agent's current key hash, which a draw checks in its own statement
 * (docs/authorities.md, rule A6), so an OAuth host draws as the agent does.
 */
export async function agentOfAccessToken(db: Queryable, token: string, resource: string): Promise<AgentPrincipal | undefined> {
  const rows = await query<TokenRow>(
    db,
    `/* agentOfAccessToken */ SELECT a.tenant_id AS "tenantId", a.owner_id AS "ownerId", a.id AS "agentId", a.key_hash AS "keyHash",
            t.payload -> 'aud' AS audience, t.payload -> 'scope' AS scope
       FROM oauth_bound t
       JOIN agents a ON a.tenant_id = t.tenant_id AND a.id = t.agent_id
      WHERE t.kind = 'AccessToken' AND t.id_hash = $1 AND t.expires_at > now() AND a.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM oauth_bound g
                     WHERE g.kind = 'Grant' AND g.id_hash = encode(sha256(convert_to(t.grant_id, 'UTF8')), 'hex')
                       AND (g.expires_at IS NULL OR g.expires_at > now()))`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  const audiences = Array.isArray(row.audience) ? row.audience : [row.audience];
  const scopes = typeof row.scope === 'string' ? row.scope.split(' ') : [];
  if (!audiences.includes(resource) || !scopes.includes(AGENT_SCOPE)) return undefined;
  return { kind: 'agent', tenantId: row.tenantId, ownerId: row.ownerId, agentId: row.agentId, keyHash: row.keyHash };
}

/** Whether an agent exists and is not revoked: the provider's `findAccount`. */
export async function isLiveAgent(db: Queryable, agentId: string): Promise<boolean> {
  if (!isUuid(agentId)) return false;
  const rows = await query(db, `/* isLiveAgent */ SELECT 1 FROM agents WHERE id = $1::uuid AND revoked_at IS NULL LIMIT 1`, [agentId]);
  return rows.length > 0;
}
