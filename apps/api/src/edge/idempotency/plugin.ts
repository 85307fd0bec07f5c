import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import {
  GraphQLObjectType,
  Kind,
  OperationTypeNode,
  getArgumentValues,
  getVariableValues,
  type FieldNode,
  type FormattedExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Context } from '../../platform/lib/context.js';
import { graphQLError, HTTP_STATUS, refusalBeforeRunning } from '../../platform/lib/errors.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable.js';
import { beginTransaction, type HeldTransaction, type Queryable, type WriteScope } from '../../platform/db/sql.js';
import type { ErrorCode } from '../../generated/graphql.js';
import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { claimKey, completeKey, releaseKey, type KeyScope } from './store.js';
import { reuseExplained, requestParts } from './request-parts.js';

/** The request header that carries an agent's idempotency key (docs/idempotency.md, rule I1). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The largest answer kept for replays: far above any ordinary write's answer. */
export const MAX_STORED_ANSWER_BYTES = 256 * 1024;

/** Fields whose answer must never be stored: a secret (or an approval token) is handed over once, not kept for replays. */
const NEVER_STORED = new Set(['takeSignOffSecret', 'redeemSignOff']);

/** What the plugin keeps on the request's context while it runs. */
interface IdempotentWrite {
  scope: KeyScope;
  token: string;
  transaction: HeldTransaction;
  refused: boolean;
}

type IdempotentContext = Context & { idempotency?: { answer: GraphQLResponse } | IdempotentWrite };

export interface IdempotencyOptions {
  /** How long a claim holds before another request may take it over. */
  leaseMs: number;
}

/**
 * Idempotency keys for agent mutations, as an Apollo plugin:
 * - after the operation is resolved, the key is claimed (its own statement);
 *   a replay, an in-flight twin or a mismatch is answered without executing;
 * - a claimed request runs every write in one transaction of its own
 *   (`ctx.scope`), and when its response is ready the key is completed with
 *   that exact response inside the same transaction, which then commits;
 * - a refusal (a domain error or a GraphQL error) rolls back and releases
 *   the claim, storing nothing, so a corrected retry with the key proceeds.
 */
export function idempotencyPlugin(options: IdempotencyOptions): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(rc) {
          const key = rc.request.http?.headers.get(IDEMPOTENCY_HEADER);
          if (key === undefined) return;
          try {
            await beginIdempotentRequest(rc, key, options);
          } catch (error) {
            throw refusalBeforeRunning(error);
          }
        },
        async responseForOperation(rc) {
          const state = (rc.contextValue as IdempotentContext).idempotency;
          return state && 'answer' in state ? state.answer : null;
        },
        async executionDidStart(rc) {
          const state = (rc.contextValue as IdempotentContext).idempotency;
          if (!state || !('transaction' in state)) return;
          return {
            willResolveField({ info }) {
              if (info.path.prev !== undefined) return;
              return (error, result) => {
                const typename = (result as { __typename?: string } | null)?.__typename;
                if (error || (typename && implementsDomainError(info.schema, typename))) state.refused = true;
              };
            },
          };
        },
        async willSendResponse(rc) {
          const state = (rc.contextValue as IdempotentContext).idempotency;
          if (!state) return;
          if ('answer' in state) return;
          await finishIdempotentRequest(rc, state);
        },
      };
    },
  };
}

async function beginIdempotentRequest(rc: GraphQLRequestContext<Context>, key: string, options: IdempotencyOptions): Promise<void> {
  const ctx = rc.contextValue as IdempotentContext;
  if (!/^[ -~]{1,255}$/.test(key)) throw graphQLError('BAD_INPUT', 'An Idempotency-Key is 1 to 255 printable ASCII characters.');
  const operation = rc.operation!;
  if (operation.operation !== OperationTypeNode.MUTATION) throw graphQLError('BAD_INPUT', 'An Idempotency-Key applies to mutations only.');
  const principal = ctx.principal;
  if (principal?.kind !== 'agent') throw graphQLError('BAD_INPUT', 'Idempotency keys are for agent writes: send one with an agent key.');
  const field = singleField(operation);
  if (NEVER_STORED.has(field.name.value)) {
    throw graphQLError('BAD_INPUT', `${field.name.value} does not take an Idempotency-Key: its answer holds a secret, which is never stored for replay.`);
  }
  const scope = { tenantId: principal.tenantId, agentId: principal.agentId, key };
  const args = coercedArguments(rc.schema, operation, field, rc.request.variables ?? {});
  const request = { hash: hashCanonical(canonicalJson({ field: field.name.value, arguments: args })), parts: requestParts(scope, args) };
  const claim = await claimKey(ctx.db.pool, scope, field.name.value, request, options.leaseMs);
  switch (claim.outcome) {
    case 'replay':
      ctx.idempotency = {
        answer: {
          http: { status: 200, headers: new HeaderMap([['idempotent-replayed', 'true']]) },
          body: { kind: 'single', singleResult: JSON.parse(claim.response) as FormattedExecutionResult },
        },
      };
      return;
    case 'mismatch': {
      const { message, differs } = reuseExplained(claim, { field: field.name.value, parts: request.parts });
      ctx.idempotency = { answer: errorResponse('IDEMPOTENCY_KEY_REUSED', message, [], differs ? { differs } : {}) };
      return;
    }
    case 'in-flight':
      ctx.idempotency = {
        answer: errorResponse('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry after it finishes.', [
          ['retry-after', String(claim.retryAfterSeconds)],
        ]),
      };
      return;
    case 'claimed': {
      let transaction: HeldTransaction;
      try {
        transaction = await beginTransaction(ctx.db.writePool);
      } catch (error) {
        // Nothing was written: give the key back so a retry need not wait out the lease.
        await releaseKey(ctx.db.pool, scope, claim.token);
        throw error;
      }
      const { client } = transaction;
      ctx.idempotency = { scope, token: claim.token, transaction, refused: false };
      // Switched in place, not replaced: the request's loaders (made with its context, of
      // which Apollo hands resolvers a shallow copy) read through this same scope object,
      // and must read inside this transaction rather than wait on the shared pool.
      Object.assign(ctx.scope, { transaction: <T>(work: (sql: Queryable) => Promise<T>) => work(client), reads: client } satisfies WriteScope);
    }
  }
}

async function finishIdempotentRequest(rc: GraphQLRequestContext<Context>, state: IdempotentWrite): Promise<void> {
  const ctx = rc.contextValue as IdempotentContext;
  const body = rc.response.body;
  const result = body?.kind === 'single' ? body.singleResult : undefined;
  const { transaction } = state;
  try {
    if (!result || state.refused || (result.errors?.length ?? 0) > 0) {
      await transaction.rollback();
      await releaseKey(ctx.db.pool, state.scope, state.token);
      return;
    }
    const answer = JSON.stringify(result);
    if (Buffer.byteLength(answer) > MAX_STORED_ANSWER_BYTES) {
      // Kept for 24 h per key, a large answer (aliases multiply one) would make each keyed
      // write a storage cost: the write is undone and the client asked to select less.
      await transaction.rollback();
      await releaseKey(ctx.db.pool, state.scope, state.token);
      replaceResponse(
        rc,
        errorResponse(
          'BAD_INPUT',
          `The answer to this request is ${Buffer.byteLength(answer)} bytes, more than a replay can keep (${MAX_STORED_ANSWER_BYTES}); nothing was written. Select fewer fields and send it again (the same Idempotency-Key is fine).`,
        ),
      );
      return;
    }
    if (!(await completeKey(transaction.client, state.scope, state.token, answer))) {
      await transaction.rollback();
      replaceResponse(
        rc,
        errorResponse(
          'IDEMPOTENCY_KEY_IN_USE',
          'This request outlived its claim on the Idempotency-Key and another request took it over; nothing was written by this one.',
          [['retry-after', '1']],
        ),
      );
      return;
    }
    await transaction.commit();
  } catch (error) {
    await transaction.abandon(error);
    if (isDatabaseUnavailable(error)) {
      // The connection dropped: the write either committed with its key or not at all, so a
      // retry with the same key is answered correctly either way (a replay, or a fresh run).
      ctx.log.warn({ err: (error as Error).message }, 'database unavailable while completing an idempotent write');
      replaceResponse(
        rc,
        errorResponse('UNAVAILABLE', 'The database became unavailable while finishing this write; retry with the same Idempotency-Key.', [
          ['retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)],
        ]),
      );
    } else {
      ctx.log.error({ err: (error as Error).message }, 'completing an idempotent write failed');
      replaceResponse(rc, errorResponse('INTERNAL', 'Internal error: the write was not committed; retry with the same Idempotency-Key.'));
    }
  } finally {
    // A dropped or timed-out connection is discarded, never handed to the next request.
    transaction.release();
  }
}

function replaceResponse(rc: GraphQLRequestContext<Context>, answer: GraphQLResponse): void {
  rc.response.body = answer.body;
  rc.response.http.status = answer.http.status;
  for (const [name, value] of answer.http.headers) rc.response.http.headers.set(name, value);
}

function errorResponse(code: ErrorCode, message: string, headers: [string, string][] = [], extensions: Record<string, unknown> = {}): GraphQLResponse {
  return {
    http: { status: HTTP_STATUS[code], headers: new HeaderMap(headers) },
    body: { kind: 'single', singleResult: { errors: [{ message, extensions: { code, ...extensions } }] } },
  };
}

/** The operation's one mutation field; a key covers exactly one write. */
function singleField(operation: OperationDefinitionNode): FieldNode {
  const fields = operation.selectionSet.selections.filter((selection) => !(selection.kind === Kind.FIELD && selection.name.value === '__typename'));
  const [field] = fields;
  if (fields.length !== 1 || field?.kind !== Kind.FIELD) {
    throw graphQLError('BAD_INPUT', 'An Idempotency-Key covers one mutation field; send each write in its own request.');
  }
  return field;
}

/** The field's coerced arguments as JSON; the request's identity is the SHA-256 of their canonical JSON with the field's name. */
function coercedArguments(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  field: FieldNode,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], inputs, { maxErrors: 1 });
  if (variables.errors) throw graphQLError('BAD_INPUT', variables.errors[0]?.message ?? 'Invalid variables.');
  const definition = schema.getMutationType()!.getFields()[field.name.value]!;
  return JSON.parse(JSON.stringify(getArgumentValues(definition, field, variables.coerced))) as Record<string, unknown>;
}

function implementsDomainError(schema: GraphQLSchema, typename: string): boolean {
  const type = schema.getType(typename);
  return type instanceof GraphQLObjectType && type.getInterfaces().some((i) => i.name === 'DomainError');
}
