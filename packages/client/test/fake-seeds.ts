import type { Amounts, Authority, SignOff } from '../src/types.js';

/** A pending request as an agent's `requestSignOff` leaves it, with `overrides` on top. */
export function pendingSignOff(id: string, overrides: Partial<SignOff>): SignOff {
  return {
    id,
    op: 'repository.serve',
    opVersion: 1,
    description: 'Serve the repository again',
    irreversible: false,
    risk: 'LOW',
    agent: { id: 'agent-1', name: 'deploy-bot' },
    repository: { id: 'repo-1', name: 'docs', code: 'code-1' },
    input: {},
    inputCanonical: '{}',
    inputHash: '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    requestedInput: {},
    requestedInputHash: '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    changedByOwner: false,
    summary: 'Serve docs',
    reason: null,
    state: 'PENDING',
    requestedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    decidedAt: null,
    note: null,
    finishedAt: null,
    result: null,
    failure: null,
    secretState: 'NONE',
    secretExpiresAt: null,
    redeemBy: null,
    redeemedAt: null,
    ...overrides,
  };
}

/** An active authority: 1,000 tokens and no other ceiling unless `overrides` say otherwise. */
export function activeAuthority(id: string, overrides: Partial<Authority>): Authority {
  const ceiling: Amounts = overrides.ceiling ?? { tokens: 1000, minorUnits: null, draws: null };
  return {
    id,
    name: 'Compute budget',
    agent: { id: 'agent-1', name: 'deploy-bot' },
    ceiling,
    currency: null,
    perDrawTokens: null,
    perDrawMinorUnits: null,
    notBefore: null,
    notAfter: null,
    createdAt: new Date().toISOString(),
    drawn: { tokens: 0, minorUnits: 0, draws: 0 },
    remaining: { ...ceiling },
    state: 'ACTIVE',
    revokedAt: null,
    revokeReason: null,
    ...overrides,
  };
}
