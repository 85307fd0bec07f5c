import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { isObjectType, Kind, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { isErrorCode } from '../lib/errors.js';
import type { ServerMetrics } from './server-metrics.js';

/** Messages of sign-in refusals (domains/owners/resolvers.ts, signInRefusal): which limit refused. */
const THROTTLE_BY: [prefix: string, by: 'address_from_client' | 'client' | 'busy'][] = [
  ['Too many failed sign-ins for this address from this client', 'address_from_client'],
  ['Too many failed sign-ins from this client', 'client'],
  ['Too many sign-ins are being checked', 'busy'],
  ['Too many passwords are being checked', 'busy'],
];
const SIGN_IN_FIELDS = new Set(['signIn', 'reauthenticate']);
const DECISION_FIELDS = new Set(['decideSignOff', 'decideSignOffs']);

/**
 * Counts and times every GraphQL operation over HTTP by type, root field and
 * result, and reads the domain figures off the root fields' results:
 * draws by outcome, decisions' time since the request, idempotent replays
 * and conflicts, sign-in throttle refusals. Reading them here keeps the
 * services free of metrics; every path to them (console, agents, MCP, which
 * calls /graphql) passes through it. The root field label is the field's
 * name only when the schema has it: a client's operation name is never a label.
 */
export function metricsPlugin<T extends BaseContext>(metrics: ServerMetrics, schema: GraphQLSchema): ApolloServerPlugin<T> {
  const rootFields = new Set<string>();
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (isObjectType(type)) for (const name of Object.keys(type.getFields())) rootFields.add(name);
  }
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      let domainCode: string | undefined;
      return {
        async executionDidStart() {
          return {
            willResolveField({ info }) {
              if (info.path.prev !== undefined) return undefined;
              const field = info.fieldName;
              return (error, result) => {
                if (error) {
                  if (field === 'drawAuthority') metrics.drew('error');
                  return;
                }
                const code = firstDomainCode(result);
                domainCode ??= code;
                if (field === 'drawAuthority') metrics.drew(drawOutcome(result));
                if (DECISION_FIELDS.has(field)) for (const item of Array.isArray(result) ? result : [result]) observeDecision(metrics, item);
              };
            },
          };
        },
        async willSendResponse(rc) {
          const body = rc.response.body;
          const errors = body.kind === 'single' ? (body.singleResult.errors ?? []) : [];
          const errorCode = errors.map((error) => error.extensions?.code)[0];
          const fields = rootFieldsOf(rc.operation);
          const field = fields.length === 0 ? 'none' : fields.length > 1 ? 'multiple' : rootFields.has(fields[0]!) ? fields[0]! : 'other';
          const result = operationResult(errorCode, errors.length, domainCode);
          metrics.graphqlOperation({ type: rc.operation?.operation ?? 'none', field, result }, Number(process.hrtime.bigint() - started) / 1e9);
          if (rc.response.http.headers.get('idempotent-replayed') === 'true') metrics.idempotencyReplayed();
          if (errorCode === 'IDEMPOTENCY_KEY_REUSED') metrics.idempotencyConflict('key_reused');
          if (errorCode === 'IDEMPOTENCY_KEY_IN_USE') metrics.idempotencyConflict('key_in_use');
          if (errorCode === 'RATE_LIMITED' && fields.some((name) => SIGN_IN_FIELDS.has(name))) {
            const by = THROTTLE_BY.find(([prefix]) => errors[0]!.message.startsWith(prefix))?.[1];
            if (by) metrics.signInThrottled(by);
          }
        },
      };
    },
  };
}

/** The root fields an operation selects (fragments spread at the root are not followed: such an operation counts as `other`). */
function rootFieldsOf(operation: OperationDefinitionNode | undefined): string[] {
  if (!operation) return [];
  const names = new Set<string>();
  for (const selection of operation.selectionSet.selections) names.add(selection.kind === Kind.FIELD ? selection.name.value : '…');
  return [...names];
}

/** An operation's `result` label: its first error's code (`internal` for ours), else its root field's domain code, else `success`. */
export function operationResult(firstErrorCode: unknown, errors: number, domainCode: string | undefined): string {
  if (errors > 0) return isErrorCode(firstErrorCode) && firstErrorCode !== 'INTERNAL' ? firstErrorCode : 'internal';
  return domainCode ?? 'success';
}

/** A domain error result (a union member with `code`, platform/lib/errors.ts domainError), or the first among a list's. */
export function firstDomainCode(result: unknown): string | undefined {
  for (const item of Array.isArray(result) ? result : [result]) {
    const code = (item as { code?: unknown } | null)?.code;
    if (isErrorCode(code)) return code;
  }
  return undefined;
}

/** drawn, replayed, or the refusal's code in lower case (EXHAUSTED → exhausted); a draw that threw (refused before drawing, or failed) counts as `error`. */
export function drawOutcome(result: unknown): string {
  const drawn = result as { __typename?: unknown; replayed?: unknown; code?: unknown } | null;
  if (drawn?.__typename === 'Drawn') return drawn.replayed === true ? 'replayed' : 'drawn';
  return isErrorCode(drawn?.code) ? drawn.code.toLowerCase() : 'other';
}

/**
 * A decision this call made: SignOffDecided with the request now decided. A
 * first of two approvals (partially_approved) decides nothing yet; a
 * decision already made answers SignOffClosed and is not counted again.
 */
function observeDecision(metrics: ServerMetrics, result: unknown): void {
  const answer = result as { __typename?: unknown; signOff?: { state?: unknown; requestedAt?: unknown; decidedAt?: unknown } } | null;
  const signOff = answer?.signOff;
  if (answer?.__typename !== 'SignOffDecided' || !signOff || !(signOff.decidedAt instanceof Date) || !(signOff.requestedAt instanceof Date)) return;
  if (signOff.state === 'partially_approved' || signOff.state === 'pending') return;
  metrics.decided(signOff.state === 'denied' ? 'denied' : 'approved', (signOff.decidedAt.getTime() - signOff.requestedAt.getTime()) / 1000);
}
