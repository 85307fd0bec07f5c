import type { CIBAEnabledConfiguration, KoaContextWithOIDC, RichAuthorizationRequestsActiveConfiguration } from 'oidc-provider';
import { GraphQLError } from 'graphql';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { agentOfClient, linkSignOff } from '../../domains/oauth/ciba-store.js';
import { requestSignOff } from '../../domains/signoffs/service.js';
import { operationForAsking } from '../../domains/signoffs/catalogue/catalogue.js';
import type { OidcModule } from './load-provider.js';
import type { AgentPrincipal } from '../../platform/lib/principal.js';

/*
 * OpenID CIBA with a rich authorization request (docs/oauth.md, rule OA7):
 * a confidential client its owner bound to one agent asks in the
 * backchannel, and what it asks for is an ordinary sign-off, with every rule
 * a sign-off keeps (one open per input, the pending cap, the cool-down after
 * a denial, the two-person rule, risk, step-up).
 */

/** The authorization_details type of a sign-off (RFC 9396). */
export const SIGN_OFF_DETAIL = 'countersign_sign_off';

export interface SignOffDetail {
  type: typeof SIGN_OFF_DETAIL;
  op: string;
  repository?: string;
  input: unknown;
}

/** The sign-off a backchannel request's `authorization_details` names: exactly one detail, of our type. */
export function signOffDetail(raw: unknown): SignOffDetail | string {
  let details: unknown = raw;
  if (typeof raw === 'string') {
    try {
      details = JSON.parse(raw);
    } catch {
      return 'authorization_details is not JSON.';
    }
  }
  if (!Array.isArray(details) || details.length !== 1) return `authorization_details must be one detail of type "${SIGN_OFF_DETAIL}".`;
  return detailProblem(details[0]) ?? (details[0] as SignOffDetail);
}

/** What is wrong with one detail, or undefined. */
export function detailProblem(detail: unknown): string | undefined {
  const { type, op, repository, input } = (detail ?? {}) as Record<string, unknown>;
  if (type !== SIGN_OFF_DETAIL) return `The detail's type must be "${SIGN_OFF_DETAIL}".`;
  if (typeof op !== 'string' || op.length === 0 || op.length > 100) return 'The detail\'s "op" is the operation\'s name.';
  if (repository !== undefined && (typeof repository !== 'string' || repository.length > 100)) return 'The detail\'s "repository" is a repository\'s name.';
  if (input === undefined) return 'The detail\'s "input" is the operation\'s exact input.';
  return undefined;
}

/** Control characters a binding message may not hold: it is shown to the owner as the agent's words. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export interface CibaDeps {
  oidc: OidcModule;
  db: Database;
  log: Logger;
  runtime: Runtime;
}

/** oidc-provider's `features.ciba` and `features.richAuthorizationRequests` for sign-offs. */
export function cibaFeatures({ oidc, db, log, runtime }: CibaDeps): {
  ciba: CIBAEnabledConfiguration;
  richAuthorizationRequests: RichAuthorizationRequestsActiveConfiguration;
} {
  const { InvalidRequest, UnknownUserId, UnauthorizedClient, InvalidBindingMessage } = oidc.errors;
  const boundAgent = async (ctx: KoaContextWithOIDC) => {
    const agent = ctx.oidc.client ? await agentOfClient(db.pool, ctx.oidc.client.clientId) : undefined;
    if (!agent) throw new UnauthorizedClient('This client is bound to no live agent: only an owner makes one (createAgentOAuthClient).');
    return agent;
  };
  return {
    richAuthorizationRequests: {
      enabled: true,
      types: {
        [SIGN_OFF_DETAIL]: {
          validate: (_ctx, detail) => {
            const problem = detailProblem(detail);
            if (problem) throw new oidc.errors.InvalidAuthorizationDetails(problem);
          },
        },
      },
      // The access token is the approval token itself (cibaTokens): the provider's own carries no details.
      authorizationDetailsForGrantSource: () => Promise.resolve(undefined),
      authorizationDetailsForAccessToken: () => Promise.resolve(undefined),
      authorizationDetailsForIntrospection: () => Promise.resolve(undefined),
    },
    ciba: {
      enabled: true,
      deliveryModes: ['poll'],
      processLoginHint: async (ctx, loginHint) => {
        const agent = await boundAgent(ctx);
        if (loginHint !== agent.agentId) throw new UnknownUserId('login_hint must be the id of the agent this client is bound to.');
        return agent.agentId;
      },
      processLoginHintToken: () => {
        throw new InvalidRequest("Send login_hint (the bound agent's id), not login_hint_token.");
      },
      validateBindingMessage: (_ctx, message) => {
        if (message === undefined) throw new InvalidBindingMessage('binding_message is required: the owner reads it as what the agent says it does.');
        if (message.trim().length === 0 || message.length > 200 || CONTROL.test(message)) {
          throw new InvalidBindingMessage('binding_message is 1 to 200 characters, none of them control or direction characters.');
        }
        return Promise.resolve();
      },
      validateRequestContext: () => Promise.resolve(),
      verifyUserCode: () => Promise.resolve(),
      triggerAuthenticationDevice: async (ctx, request) => askAsSignOff({ oidc, db, log, runtime }, await boundAgent(ctx), ctx, request.jti),
    },
  };
}

/** The backchannel request as the bound agent's sign-off, tied to the request; a refusal is the request's error. */
async function askAsSignOff({ oidc, db, log, runtime }: CibaDeps, agent: AgentPrincipal, ctx: KoaContextWithOIDC, authReqId: string): Promise<void> {
  const { InvalidRequest, AccessDenied } = oidc.errors;
  const detail = signOffDetail(ctx.oidc.params?.authorization_details);
  if (typeof detail === 'string') throw new InvalidRequest(detail);
  try {
    const operation = await operationForAsking(db.pool, agent.tenantId, detail.op, false);
    if (operation === 'retired') throw new InvalidRequest(`${detail.op} is retired: nothing can be asked for it.`);
    // An approval that runs on the server has no token to issue: the agent redeems only what it runs itself.
    if (operation.runner !== 'agent') throw new InvalidRequest(`${detail.op} is not run by the agent: ask for it with requestSignOff, not CIBA.`);
    const outcome = await requestSignOff({ ...serviceDeps(db, log), runtime }, agent, {
      op: detail.op,
      repository: detail.repository ?? null,
      input: detail.input,
      summary: String(ctx.oidc.params?.binding_message),
    });
    switch (outcome.kind) {
      case 'requested':
        return await linkSignOff(db.pool, authReqId, outcome.signOff.id);
      case 'recently-denied':
        throw new AccessDenied(`Your owner denied exactly this in the last 10 minutes${outcome.denial.note ? `: ${outcome.denial.note}` : '.'}`);
      case 'too-many-pending':
        throw new InvalidRequest('This agent has too many requests waiting on its owner; wait for some to be decided.');
      case 'repository-not-found':
        throw new InvalidRequest(`No live repository of the owner is named ${detail.repository}.`);
      case 'retired':
        throw new InvalidRequest(`${detail.op} is retired: nothing can be asked for it.`);
    }
  } catch (error) {
    // The sign-offs' own refusals (BAD_INPUT: an input the schema refuses) read as the request's.
    if (error instanceof GraphQLError) throw new InvalidRequest(error.message);
    throw error;
  }
}
