import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { isUuid } from '../../platform/lib/validation.js';
import { findAgent, type AgentRow } from '../agents/store.js';
import { insertAgentClient } from './ciba-store.js';

/** Marks a Countersign CIBA client's secret, so it can be told apart in a secret scanner's findings. */
export const CLIENT_SECRET_PREFIX = 'csc_';

/**
 * A confidential client bound to one of the owner's live agents, for OpenID
 * CIBA (docs/oauth.md, rule OA7): poll mode only, HTTP Basic with a secret
 * shown this once (the database keeps its SHA-256), authorization details of the sign-off type only. Another
 * owner's agent, a revoked one or an unknown id is undefined.
 */
export async function createAgentOAuthClient(
  deps: ServiceDeps,
  owner: OwnerPrincipal,
  agentId: string,
): Promise<{ agent: AgentRow; clientId: string; clientSecret: string } | undefined> {
  if (!isUuid(agentId)) return undefined;
  const agent = await findAgent(deps.db.pool, owner.tenantId, agentId);
  if (!agent || agent.ownerId !== owner.ownerId || agent.revokedAt !== null) return undefined;
  const clientId = `agent-${randomBytes(16).toString('base64url')}`;
  const clientSecret = newSecret(CLIENT_SECRET_PREFIX);
  await insertAgentClient(deps.db.pool, { tenantId: agent.tenantId, id: agent.id }, clientId, {
    client_id: clientId,
    client_secret: hashSecret(clientSecret),
    client_name: `Countersign agent ${agent.name}`,
    grant_types: ['urn:openid:params:grant-type:ciba'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    backchannel_token_delivery_mode: 'poll',
    id_token_signed_response_alg: 'EdDSA',
    authorization_details_types: ['countersign_sign_off'],
  });
  return { agent, clientId, clientSecret };
}
