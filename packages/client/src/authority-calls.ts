import { readAllPages } from '@countersign/manifest';
import type { AgentTransport } from './agent-transport.js';
import type { DrawOptions } from './agent-options.js';
import { drawResult } from './answers.js';
import { AUTHORITIES, AUTHORITY, DRAW_AUTHORITY, DRAW_AUTHORITY_WITH_AUTHORITY } from './authority-documents.js';
import type { Authority, AuthorityPage, DrawInput, DrawResult } from './types.js';

/**
 * The standing authorities' calls, as `CountersignAgent` makes them (its
 * methods carry the documentation). A draw sends no `Idempotency-Key`: its
 * dispatch key is its own, so a lost answer is retried under it.
 */
export function readAuthorities(api: AgentTransport): Promise<Authority[]> {
  return readAllPages(async (first, after) => (await api.execute(AUTHORITIES, { first, after })).authorities);
}

export async function readAuthorityPage(api: AgentTransport, { first, after }: { first?: number; after?: string | null }): Promise<AuthorityPage> {
  return (await api.execute(AUTHORITIES, { first: first ?? 20, after: after ?? null })).authorities;
}

export async function readAuthority(api: AgentTransport, id: string): Promise<Authority | null> {
  return (await api.execute(AUTHORITY, { id })).authority;
}

export async function drawAuthority(
  api: AgentTransport,
  { authority, dispatchKey, tokens, minorUnits }: DrawInput,
  { withAuthority = false }: DrawOptions,
): Promise<DrawResult> {
  const variables = { input: { authority, dispatchKey, tokens: tokens ?? null, minorUnits: minorUnits ?? null } };
  const { data, replayed } = withAuthority
    ? await api.retried(() => api.send(DRAW_AUTHORITY_WITH_AUTHORITY, variables))
    : await api.retried(() => api.send(DRAW_AUTHORITY, variables));
  return drawResult(data.drawAuthority, replayed);
}
