import type { DocumentNode, ExecutionArgs, GraphQLError, GraphQLSchema } from 'graphql';
import { getOperationAST, OperationTypeNode } from 'graphql';
import { CloseCode, type Context as SocketContext, type SubscribePayload } from 'graphql-ws';
import type { WebSocket } from 'ws';
import type { Authentication, Credentials } from '../../auth/authenticate.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { Principal } from '../../../platform/lib/principal.js';
import type { ConnectionLimits } from '../../../platform/config/connection-limits.js';
import { containsIllFormed, containsNul, ILL_FORMED_MESSAGE, NUL_MESSAGE } from '../../graphql/limits.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../guards.js';
import type { PrincipalConcurrency } from '../principal-concurrency.js';
import type { CheckedDocument } from './document-check.js';
import type { OperationSlots } from './operation-slots.js';
import { credentialsOf, type AuthenticatedSocketExtra } from './socket-auth.js';
import type { SocketRegistry } from './socket-registry.js';
import { documentTexts } from './subscription-events.js';

type Ctx = SocketContext<Record<string, unknown> | undefined, AuthenticatedSocketExtra>;

export interface SubscribeAdmissionDeps {
  schema: GraphQLSchema;
  limits: ConnectionLimits;
  /** The per-principal in-flight bound HTTP requests share. */
  concurrency: PrincipalConcurrency;
  registry: SocketRegistry;
  slots: OperationSlots;
  checkDocument: (text: string) => CheckedDocument;
  authenticateSocket: (credentials: Credentials | undefined, socket: WebSocket) => Promise<Authentication | undefined>;
}

/**
 * graphql-ws's `onSubscribe`: whether a subscribe message may start an
 * operation, checked in this order, the cheapest and the caller's own
 * mistakes first: the socket's operation cap, the variables (as HTTP's
 * guards), the caller's credentials again (a revoked key or ended session
 * opens nothing new; the socket is closed 4403), the document, and last a
 * slot of the principal's bounds, held until the operation ends.
 */
export function subscribeAdmission(deps: SubscribeAdmissionDeps) {
  const { schema, authenticateSocket, checkDocument } = deps;
  return async (ctx: Ctx, id: string, payload: SubscribePayload): Promise<ExecutionArgs | readonly GraphQLError[] | void> => {
    const refused = refusedBeforeAuthentication(ctx, payload, deps.limits);
    if (refused) return [refused];
    const auth = await authenticateSocket(credentialsOf(ctx.extra, ctx.connectionParams), ctx.extra.socket);
    if (!auth?.principal) {
      if (ctx.extra.socket.readyState === ctx.extra.socket.OPEN) ctx.extra.socket.close(CloseCode.Forbidden, 'Forbidden');
      return [];
    }
    ctx.extra.auth = auth;
    const checked = checkDocument(payload.query);
    if ('errors' in checked) return checked.errors;
    const document = checked.document;
    // Subscriptions with the same text, variables and visibility share each event's execution (see groupOf).
    documentTexts.set(document, payload.query);
    const overBound = claimSlot(deps, ctx.extra.socket, id, auth.principal, isSubscription(document, payload.operationName));
    if (overBound) return [overBound];
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
  };
}

/** The socket's operation cap, then the variables: refused before the credentials are looked up. */
function refusedBeforeAuthentication(ctx: Ctx, payload: SubscribePayload, limits: ConnectionLimits): GraphQLError | undefined {
  // graphql-ws has already counted this one.
  if (Object.keys(ctx.subscriptions).length > limits.wsMaxSubscriptionsPerSocket) {
    return graphQLError('RATE_LIMITED', `At most ${limits.wsMaxSubscriptionsPerSocket} operations may run at once on one socket.`);
  }
  // The same edge as HTTP's guards: nothing walks variables nested past the bound.
  if (jsonDepthExceeds(payload.variables, MAX_JSON_DEPTH)) return graphQLError('BAD_INPUT', `The variables nest JSON more than ${MAX_JSON_DEPTH} levels deep.`);
  if (containsNul(payload.variables)) return graphQLError('BAD_INPUT', NUL_MESSAGE);
  if (containsIllFormed(payload.variables)) return graphQLError('BAD_INPUT', ILL_FORMED_MESSAGE);
  return undefined;
}

function isSubscription(document: DocumentNode, operationName: string | null | undefined): boolean {
  return getOperationAST(document, operationName)?.operation === OperationTypeNode.SUBSCRIPTION;
}

/**
 * Takes the principal's slot for the operation, or the refusal when its
 * bound is reached. A query or mutation holds database connections while it
 * runs, as over HTTP, so it takes an in-flight slot; a subscription waiting
 * for events holds none (the per-socket cap bounds those), but takes one of
 * the principal's live subscriptions.
 */
function claimSlot(
  { concurrency, registry, slots, limits }: SubscribeAdmissionDeps,
  socket: WebSocket,
  id: string,
  principal: Principal,
  subscription: boolean,
): GraphQLError | undefined {
  if (!subscription) {
    const release = concurrency.tryAcquire(principal);
    if (!release) return concurrency.refusal(principal);
    slots.hold(socket, id, release);
    return undefined;
  }
  // The per-socket cap times the per-principal socket cap is 2,000: this bounds one principal's share of every event's work.
  const release = registry.claimSubscription(principal);
  if (!release)
    return graphQLError('RATE_LIMITED', `At most ${limits.wsMaxSubscriptionsPerPrincipal} subscriptions may be live at once for one agent or owner.`);
  slots.holdSubscription(socket, id, release);
  return undefined;
}
