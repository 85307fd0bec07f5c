import type { Queryable } from '../../platform/db/sql.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { issueInTransaction } from './service.js';
import { checkTerms, type TermsInput } from './terms.js';

/** The terms a grant's input carries, as the deed reads them. */
export type { TermsInput };

/** Stands in for the agent and owner while terms are only being checked. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The one request an `authority.grant` deed runs for: its agent, its owner, in the deed's transaction. */
export interface GrantRequest {
  db: Queryable;
  tenantId: string;
  ownerId: string;
  agentId: string;
  signOffId: string;
}

/**
 * The `authority.grant` deed: the one seam through which sign-offs reach
 * standing authorities. An agent asks its owner for terms; the sign-off
 * checks them when asked (`check`) and, once approved, runs `execute` in the
 * deed's transaction. The authority's id derives from the request, so a deed
 * retried by the sweep issues the same authority, not a second one.
 */
export const authorityGrantDeed = {
  /** The input fields a request may carry: the terms an owner would type. */
  fields: ['name', 'tokens', 'minorUnits', 'currency', 'draws', 'perDrawTokens', 'perDrawMinorUnits', 'notBefore', 'notAfter'],

  /** JSON Schema of the input, shown to agent authors. */
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      ...Object.fromEntries(
        ['tokens', 'minorUnits', 'draws', 'perDrawTokens', 'perDrawMinorUnits'].map((field) => [
          field,
          { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        ]),
      ),
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      notBefore: { type: 'string', format: 'date-time' },
      notAfter: { type: 'string', format: 'date-time' },
    },
  } as Record<string, unknown>,

  /** Checks terms when they are asked for; throws BAD_INPUT naming the problem. */
  check(terms: Record<string, unknown>): void {
    if ((['notBefore', 'notAfter'] as const).some((field) => terms[field] !== undefined && typeof terms[field] !== 'string')) {
      throw graphQLError('BAD_INPUT', 'Input for authority.grant: notBefore and notAfter are ISO 8601 strings.');
    }
    checkTerms(terms as unknown as TermsInput, NO_ID, NO_ID);
  },

  /** Issues the approved terms; fails (changing nothing) when the request's authority id already holds other terms. */
  async execute(request: GrantRequest, input: TermsInput): Promise<{ ok: true; authorityId: string } | { ok: false; reason: string }> {
    const { db, tenantId, ownerId, agentId, signOffId } = request;
    const outcome = await issueInTransaction(db, tenantId, `grant-${signOffId}`, checkTerms(input, agentId, ownerId), signOffId);
    if (outcome.kind !== 'issued') return { ok: false, reason: 'An authority with this id already exists with other terms.' };
    return { ok: true, authorityId: outcome.authority.id };
  },
};
