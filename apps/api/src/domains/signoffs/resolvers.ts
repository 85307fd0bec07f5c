import DataLoader from 'dataloader';
import type { Resolvers, SignOffState } from '../../generated/graphql.js';
import type { BusEvent } from '../../platform/events/topics.js';
import { requireAgent, requireOwner, requirePrincipal, requireScope, type Context } from '../../platform/lib/context.js';
import { domainError, graphQLError } from '../../platform/lib/errors.js';
import { readerOf, readerSees } from '../../platform/lib/reader.js';
import { prepend } from '../../platform/events/bus.js';
import { EventNotForSubscriber } from '../../platform/events/not-for-subscriber.js';
import type { OperationView } from '../operations/view.js';
import { describeOperation } from './catalogue/operations.js';
import { MAX_PENDING_PER_AGENT } from './policy.js';
import { recentlyDenied } from './denial-answer.js';
import {
  decideSignOff,
  decideSignOffs,
  requestSignOff,
  takeSignOffSecret,
  withdrawSignOff,
  type BatchOutcome,
  type ClosingOutcome,
  type SeenDecideOutcome,
} from './service.js';
import { listPrincipalSignOffs, readDeliveryAttempts, readSignOff } from './reads.js';
import { operationOfRequest, readCatalogue, readOperation } from './catalogue/catalogue.js';
import { redeemSignOff, reportSignOffOutcome } from './grants/grants.js';
import { approveAndRemember } from './rules/rules-service.js';
import { approveSeen, seenApprovalOf } from './approve-with-changes.js';
import { type SignOffRow, type StoredState } from './store.js';
import { countOpenByOp, countWaiting, readSignOffs } from './reads-store.js';
import { changedSignOff, mayReceive, rememberChangedSignOff } from './event-reads.js';

function repositoryOf(row: SignOffRow, ctx: Context) {
  const id = row.repositoryId;
  return id ? ctx.loaders.repository.load({ tenantId: row.tenantId, id }) : Promise.resolve(null);
}

/** A DateTime argument: the scalar has checked and parsed it already (typed as its wire string), so this only normalises its type. */
const instantArg = (value: string | null | undefined): Date | undefined => (value == null ? undefined : new Date(value));

/**
 * The requests that granted authorities, batched per GraphQL request: a list
 * of authorities reads all of theirs in one statement. Kept through the
 * request's `once`, so it lives exactly as long as the request's other loaders.
 */
function grantingRequests(ctx: Context): Promise<DataLoader<string, SignOffRow | null>> {
  return ctx.loaders.once('loader:grantingRequests', () =>
    Promise.resolve(
      new DataLoader<string, SignOffRow | null>(async (ids) => {
        const found = new Map((await readSignOffs(ctx.scope.reads, requirePrincipal(ctx, 'read'), ids)).map((row) => [row.id, row]));
        return ids.map((id) => found.get(id) ?? null);
      }),
    ),
  );
}

const NOT_FOUND = () => domainError('NotFound', 'NOT_FOUND', 'No sign-off request of yours has that id.');

function closed(outcome: Extract<ClosingOutcome, { kind: 'closed' }>) {
  return closedBecause(outcome.signOff, `This request is no longer waiting: it is ${outcome.signOff.state}.`);
}

function closedBecause(signOff: SignOffRow, why: string) {
  return { ...domainError('SignOffClosed', 'SIGN_OFF_CLOSED', why), signOff };
}

/** A decision's outcome as the API answers it (one id of a batch, or a single decision). */
function decided(outcome: BatchOutcome | SeenDecideOutcome) {
  switch (outcome.kind) {
    case 'not-found':
      return NOT_FOUND();
    case 'closed':
      return closed(outcome);
    case 'not-batchable':
      return {
        ...domainError(
          'NotBatchable',
          'NOT_BATCHABLE',
          outcome.why === 'edited'
            ? 'Another owner approved this request with changes: approve the edited input on its own, where it is shown (expectedInputHash). It is still waiting.'
            : `This request is ${outcome.signOff.risk.toUpperCase()} risk: a batch approves only LOW-risk requests. Decide it on its own; it is still waiting.`,
        ),
        signOff: outcome.signOff,
      };
    case 'reauthentication-required':
      return domainError(
        'ReauthenticationRequired',
        'REAUTHENTICATION_REQUIRED',
        'Approving a high-risk request needs your password again (reauthenticate), in a console session; an owner token cannot approve it. Nothing was decided.',
      );
    case 'second-approver-required':
      return {
        ...domainError(
          'SecondApproverRequired',
          'SECOND_APPROVER_REQUIRED',
          'You gave this request its first approval already: it needs a second one from another owner of your tenant. Nothing was changed.',
        ),
        signOff: outcome.signOff,
      };
    case 'input-mismatch':
      return domainError(
        'InputMismatch',
        'INPUT_MISMATCH',
        'The input of this request is no longer the one you saw: another owner approved it with changes. Read it again, then approve with expectedInputHash, the inputHash of what you read. Nothing was decided.',
      );
    case 'done':
      return { __typename: 'SignOffDecided' as const, signOff: outcome.signOff };
  }
}

/** The operation a request pinned, read once per request however many of its fields ask. */
function operationOf(row: SignOffRow, ctx: Context): Promise<OperationView> {
  return ctx.loaders.once(`operation:${row.tenantId}:${row.op}:${row.opVersion ?? 0}`, () => operationOfRequest(ctx, row));
}

export const signOffResolvers: Resolvers = {
  Query: {
    operations: (_root, { includeRetired }, ctx) =>
      ctx.loaders.once(`list:operations:${includeRetired}`, () => readCatalogue(ctx, requirePrincipal(ctx, 'read'), includeRetired ?? false)),
    operation: (_root, { op, version }, ctx) => readOperation(ctx, requirePrincipal(ctx, 'read'), op, version),
    signOff: (_root, { id }, ctx) => readSignOff(ctx, requirePrincipal(ctx, 'read'), id),
    signOffs: (_root, { state, decided, agent, op, requestedInputHash, requestedFrom, requestedTo, byRule, rule, first, after }, ctx) =>
      listPrincipalSignOffs(
        ctx,
        requirePrincipal(ctx, 'read'),
        {
          state: state ? (state.toLowerCase() as StoredState) : undefined,
          decided: decided ?? undefined,
          agentId: agent ?? undefined,
          requestedFrom: instantArg(requestedFrom),
          requestedTo: instantArg(requestedTo),
          byRule: byRule ?? undefined,
          ruleId: rule ?? undefined,
          op: op ?? undefined,
          requestedInputHash: requestedInputHash ?? undefined,
        },
        first ?? 20,
        after,
      ),
    pendingSignOffCount: (_root, _args, ctx) => {
      const principal = requirePrincipal(ctx, 'read');
      return countWaiting(ctx.db.pool, principal.tenantId, readerOf(principal));
    },
  },
  Mutation: {
    requestSignOff: async (_root, { input }, ctx) => {
      const outcome = await requestSignOff(ctx, requireAgent(ctx), input);
      switch (outcome.kind) {
        case 'repository-not-found':
          return domainError('NotFound', 'NOT_FOUND', `Your owner has no live repository named "${input.repository ?? ''}".`);
        case 'too-many-pending':
          return domainError(
            'TooManyPending',
            'TOO_MANY_PENDING',
            `You already have ${MAX_PENDING_PER_AGENT} requests waiting; wait for a decision or withdraw one.`,
          );
        case 'retired':
          return domainError('OperationRetired', 'OPERATION_RETIRED', `${input.op} has been retired by your owner: it takes no new requests.`);
        case 'recently-denied':
          return recentlyDenied(input.op, outcome.denial);
        case 'requested':
          return { __typename: 'SignOffRequested', signOff: outcome.signOff, existing: outcome.existing };
      }
    },
    redeemSignOff: async (_root, { input }, ctx) => {
      const outcome = await redeemSignOff(ctx, requireAgent(ctx), input.id, input.inputHash);
      switch (outcome.kind) {
        case 'not-found':
          return NOT_FOUND();
        case 'redeemed':
          return { __typename: 'SignOffRedeemed', signOff: outcome.signOff, approval: outcome.approval };
        case 'already-redeemed':
          return {
            ...domainError('AlreadyRedeemed', 'ALREADY_REDEEMED', 'This approval was redeemed already: a grant is handed out once.'),
            signOff: outcome.signOff,
          };
        case 'input-mismatch':
          return domainError(
            'InputMismatch',
            'INPUT_MISMATCH',
            "That input hash is not the approved input's: act only on the exact input the owner approved (its `inputHash`). The grant stays redeemable.",
          );
        case 'lapsed':
          return {
            ...domainError('GrantLapsed', 'GRANT_LAPSED', 'The approval was not redeemed within 24 hours and has lapsed: ask again.'),
            signOff: outcome.signOff,
          };
        case 'closed':
          return closedBecause(outcome.signOff, outcome.why);
      }
    },
    reportSignOffOutcome: async (_root, { input }, ctx) => {
      const outcome = await reportSignOffOutcome(ctx, requireAgent(ctx), input);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      return outcome.kind === 'closed' ? closedBecause(outcome.signOff, outcome.why) : { __typename: 'SignOffOutcomeReported', signOff: outcome.signOff };
    },
    withdrawSignOff: async (_root, { id }, ctx) => {
      const outcome = await withdrawSignOff(ctx, requireAgent(ctx), id);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      return outcome.kind === 'closed' ? closed(outcome) : { __typename: 'SignOffWithdrawn', signOff: outcome.signOff };
    },
    decideSignOff: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'decide');
      // Approve with changes, or exactly what was seen (S22).
      const seen = seenApprovalOf(input);
      if (seen) return decided(await approveSeen(ctx, owner, input.id, input.note, seen));
      if (!input.remember) return decided(await decideSignOff(ctx, owner, input.id, input.approve, input.note));
      if (!input.approve) throw graphQLError('BAD_INPUT', '"remember" makes a rule while approving: it cannot go with approve: false. Nothing was decided.');
      // A rule approves future requests on the owner's behalf: making one is a setting (ADMIN), not a decision (docs/owner-tokens.md, OT3).
      requireScope(owner, 'admin');
      // "Approve and allow similar" (S19): the rule commits with the approval.
      const { decision, rule } = await approveAndRemember(ctx, owner, input.id, input.note, input.remember);
      const answer = decided(decision);
      return answer.__typename === 'SignOffDecided' ? { ...answer, rule } : answer;
    },
    decideSignOffs: async (_root, { input }, ctx) =>
      (await decideSignOffs(ctx, requireOwner(ctx, 'decide'), input.ids, input.approve, input.note)).map((outcome) => decided(outcome)),
    takeSignOffSecret: async (_root, { id }, ctx) => {
      const outcome = await takeSignOffSecret(ctx, requireAgent(ctx), id);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      if (outcome.kind === 'unavailable') {
        return domainError(
          'SecretUnavailable',
          'SECRET_UNAVAILABLE',
          'There is no secret to take: none was produced, it was taken already, or it lapsed 24 hours after the decision.',
        );
      }
      return { __typename: 'SignOffSecret', secret: outcome.secret };
    },
  },
  Subscription: {
    signOffEvents: {
      subscribe: async (_root, { id }, ctx) => {
        const principal = requirePrincipal(ctx, 'read');
        const reader = readerOf(principal);
        const events = ctx.bus.subscribe(
          'SIGN_OFF_CHANGED',
          // An owner hears of every request of the tenant here: one needing two approvals is every owner's (S20), which
          // only the row tells; `resolve` then judges each from the row, read once per event (event-reads.ts).
          (event) => event.tenantId === principal.tenantId && readerSees(reader, event.payload, true) && (!id || event.payload.signOffId === id),
        );
        if (!id) return events;
        // Listening already: read the request now and send it first, so a
        // change that landed before the listener did is not lost.
        const current = await readSignOff(ctx, principal, id);
        if (!current) {
          await events.return?.();
          throw graphQLError('NOT_FOUND', 'No sign-off request of yours has that id.');
        }
        const first: BusEvent<'SIGN_OFF_CHANGED'> = {
          topic: 'SIGN_OFF_CHANGED',
          tenantId: current.tenantId,
          payload: { signOffId: id, ownerId: current.ownerId, agentId: current.agentId ?? '' },
        };
        // Resolving it uses the row just read rather than reading it again.
        rememberChangedSignOff(first, current);
        return prepend(first, events);
      },
      resolve: async (event: BusEvent<'SIGN_OFF_CHANGED'>, _args: unknown, ctx: Context) => {
        const principal = requirePrincipal(ctx, 'read');
        // One read per event on this instance, shared by every subscription it reaches (event-reads.ts);
        // whether this subscriber may see it is decided from that row, not from a read under its filter.
        const signOff = await changedSignOff(ctx, event);
        if (!signOff || !mayReceive(principal, signOff)) throw new EventNotForSubscriber();
        return { signOff };
      },
    },
  },
  Operation: {
    // Where an owner's endpoint lives is the owners' business, not their agents'.
    webhookUrl: (operation, _args, ctx) => (ctx.principal?.kind === 'owner' ? operation.webhookUrl : null),
    openCount: (operation, _args, ctx) => {
      const principal = requirePrincipal(ctx, 'read');
      const counts = ctx.loaders.once('openCounts', () => countOpenByOp(ctx.db.pool, principal.tenantId, readerOf(principal)));
      return counts.then((byOp) => byOp.get(operation.op) ?? 0);
    },
  },
  SignOff: {
    state: (row) => row.state.toUpperCase() as SignOffState,
    secretState: (row) => row.secretState.toUpperCase() as 'NONE' | 'WAITING' | 'TAKEN' | 'LAPSED',
    // The fields resolve by their names from the row otherwise: listed here are the ones whose row name differs or that are computed.
    input: (row) => JSON.parse(row.input) as unknown,
    inputCanonical: (row) => row.input,
    requestedInput: (row) => JSON.parse(row.requestedInput) as unknown,
    changedByOwner: (row) => row.inputHash !== row.requestedInputHash,
    opVersion: (row) => row.opVersion ?? 1,
    operation: (row, _args, ctx) => operationOf(row, ctx),
    irreversible: async (row, _args, ctx) => (await operationOf(row, ctx)).irreversible,
    // Decided when the request was stored (risk.ts), not read from the operation now.
    risk: (row) => row.risk.toUpperCase() as 'LOW' | 'MEDIUM' | 'HIGH',
    riskReasons: (row) => row.riskReasons,
    description: async (row, _args, ctx) => {
      if (row.runner !== 'server') return (await operationOf(row, ctx)).summary;
      return describeOperation(row.op, (await repositoryOf(row, ctx))?.name ?? null);
    },
    deliveryAttempts: (row, _args, ctx) => (row.runner === 'webhook' && ctx.principal?.kind === 'owner' ? readDeliveryAttempts(ctx, row.tenantId, row.id) : []),
    repository: async (row, _args, ctx) => {
      if (!row.repositoryId) return null;
      const repository = await repositoryOf(row, ctx);
      if (!repository) throw new Error(`repository of sign-off ${row.id} is missing`);
      return repository;
    },
    agent: async (row, _args, ctx) => {
      if (row.agentId === null) return null;
      const agent = await ctx.loaders.agent.load({ tenantId: row.tenantId, id: row.agentId });
      if (!agent) throw new Error(`agent of sign-off ${row.id} is missing`);
      return agent;
    },
    // An owner-to-owner request (no agent) was filed by its owner (owner-proposals.ts).
    proposedBy: async (row, _args, ctx) => {
      if (row.agentId !== null) return null;
      const owner = await ctx.loaders.owner.load({ tenantId: row.tenantId, id: row.ownerId });
      if (!owner) throw new Error(`owner of sign-off ${row.id} is missing`);
      return owner;
    },
  },
  Authority: {
    // Here rather than in authorities/: sign-offs already reach authorities (the grant deed), so the link back is read on this side.
    grantedBy: async (view, _args, ctx) => {
      const id = view.signOffId;
      if (!id) return null;
      return (await grantingRequests(ctx)).load(id);
    },
  },
};
