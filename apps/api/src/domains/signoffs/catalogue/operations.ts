import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../platform/db/sql.js';
import { hashSecret, newSecret } from '../../../platform/lib/secrets.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import { authorityGrantDeed, type TermsInput } from '../../authorities/grant-deed.js';
import { findOwnerByEmail } from '../../owners/store.js';
import { checkInvitationNote, createInvitation } from '../../owners/invitations.js';
import { isUuid } from '../../../platform/lib/validation.js';
import { saveApprovalPolicy } from '../two-person/approval-policies-store.js';
import { auditPolicyChange } from '../two-person/policy-audit.js';
import {
  findLiveRepositoryByName,
  insertRepositoryToken,
  markRepositoryDeleted,
  revokeRepositoryTokens,
  setRepositoryOwner,
  setRepositoryState,
  type RepositoryRow,
} from '../../repositories/store.js';

/**
 * What an operation runs against: the locked repository (for operations that
 * act on one), for its owner, on behalf of one request by one agent.
 */
export interface DeedContext {
  db: Queryable;
  tenantId: string;
  ownerId: string;
  /** The asking agent; null for an owner-to-owner request (`OWNER_OPERATIONS`), filed by `ownerId`. */
  agentId: string | null;
  repository: RepositoryRow | null;
  signOffId: string;
}

/** A deed that acts on a repository is always handed one. */
function repositoryOf(deed: DeedContext): RepositoryRow {
  if (!deed.repository) throw new Error(`sign-off ${deed.signOffId} reached a repository deed without a repository`);
  return deed.repository;
}

/** How a deed ended. A failure changes nothing: executors check before they write. */
export type DeedOutcome = { ok: true; result: Record<string, unknown>; secret?: Record<string, unknown>; minted?: string[] } | { ok: false; reason: string };

/** One entry of the closed catalogue. */
export interface Operation {
  op: string;
  /** One line for the owner; `{repository}` is replaced by the repository's name. */
  summary: string;
  /** Whether a request names a repository the deed acts on. */
  needsRepository: boolean;
  irreversible: boolean;
  /** How much harm a mistaken approval does: shown to the owner beside the request. */
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  /** Result fields only the asking agent may read, once. */
  secretFields: string[];
  /** JSON Schema of the input, shown to agent authors. */
  inputSchema: Record<string, unknown>;
  /** Checks an input when it is asked for; throws BAD_INPUT naming the problem. */
  check(input: unknown): void;
  /** Runs the approved deed on the stored input (which passed `check` when asked, and never changes). */
  execute(deed: DeedContext, input: unknown): Promise<DeedOutcome>;
}

/** An entry as written: `execute` names the input shape its `check` lets through. */
type OperationSpec<I> = Omit<Operation, 'execute'> & { execute(deed: DeedContext, input: I): Promise<DeedOutcome> };

/**
 * The catalogue entry for a spec. The stored input is not checked again at
 * run time: it passed `check` when asked, the row holding it is immutable,
 * and a time-dependent check (an authority's end) must not refuse later what
 * the owner approved.
 */
function operation<I>(spec: OperationSpec<I>): Operation {
  return { ...spec, execute: (deed, input) => spec.execute(deed, input as I) };
}

function badInput(op: string, problem: string): never {
  throw graphQLError('BAD_INPUT', `Input for ${op}: ${problem}`);
}

function expectObject(op: string, input: unknown, allowed: string[]): Record<string, unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) badInput(op, 'must be a JSON object.');
  const extra = Object.keys(input).filter((key) => !allowed.includes(key));
  if (extra.length > 0) badInput(op, `unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}.`);
  return input as Record<string, unknown>;
}

const EMPTY_SCHEMA = { type: 'object', additionalProperties: false, properties: {} };

const setState = (op: string, state: 'serving' | 'unserved', summary: string, risk: Operation['risk']): Operation =>
  operation({
    op,
    summary,
    needsRepository: true,
    irreversible: false,
    risk,
    secretFields: [],
    inputSchema: EMPTY_SCHEMA,
    check: (input) => void expectObject(op, input, []),
    execute: async (deed) => {
      await setRepositoryState(deed.db, deed.tenantId, repositoryOf(deed).id, state);
      return { ok: true, result: { state: state.toUpperCase() } };
    },
  });

const TOKEN_SCOPES = ['read', 'write'];
const MAX_TOKEN_HOURS = 720;

/** The closed catalogue of operations an agent may ask its owner for. */
export const OPERATIONS: readonly Operation[] = [
  operation({
    op: 'repository.delete',
    summary: 'Delete repository {repository}',
    needsRepository: true,
    irreversible: true,
    risk: 'HIGH',
    secretFields: [],
    inputSchema: EMPTY_SCHEMA,
    check: (input) => void expectObject('repository.delete', input, []),
    execute: async (deed) => {
      const { db, tenantId } = deed;
      const repository = repositoryOf(deed);
      await markRepositoryDeleted(db, tenantId, repository.id);
      await revokeRepositoryTokens(db, tenantId, repository.id, 'repository deleted');
      return { ok: true, result: { deleted: true } };
    },
  }),
  setState('repository.unserve', 'unserved', 'Stop serving repository {repository}', 'LOW'),
  setState('repository.serve', 'serving', 'Serve repository {repository} again', 'LOW'),
  operation({
    op: 'repository.transfer',
    summary: 'Hand repository {repository} to another owner',
    needsRepository: true,
    irreversible: true,
    risk: 'HIGH',
    secretFields: [],
    inputSchema: { type: 'object', additionalProperties: false, required: ['to'], properties: { to: { type: 'string', format: 'email' } } },
    check: (input) => {
      const { to } = expectObject('repository.transfer', input, ['to']);
      if (typeof to !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) badInput('repository.transfer', '"to" must be an owner\'s email address.');
    },
    execute: async (deed, input: { to: string }) => {
      const { db, tenantId, ownerId } = deed;
      const repository = repositoryOf(deed);
      const recipient = await findOwnerByEmail(db, input.to.trim().toLowerCase());
      if (!recipient || recipient.tenantId !== tenantId) return { ok: false, reason: `No owner ${input.to} in this tenant.` };
      if (recipient.id === ownerId) return { ok: false, reason: 'The repository already belongs to that owner.' };
      if (await findLiveRepositoryByName(db, tenantId, recipient.id, repository.name)) {
        return { ok: false, reason: `${input.to} already has a repository named ${repository.name}.` };
      }
      await setRepositoryOwner(db, tenantId, repository.id, recipient.id);
      // Tokens minted for the old owner's agents must not outlive the hand-over.
      await revokeRepositoryTokens(db, tenantId, repository.id, 'repository transferred');
      return { ok: true, result: { newOwner: recipient.email } };
    },
  }),
  operation({
    op: 'repository.mintToken',
    summary: 'Mint an access token for repository {repository}',
    needsRepository: true,
    irreversible: false,
    risk: 'MEDIUM',
    secretFields: ['token'],
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['scopes', 'ttlHours'],
      properties: {
        scopes: { type: 'array', items: { enum: TOKEN_SCOPES }, minItems: 1, uniqueItems: true },
        ttlHours: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_HOURS },
      },
    },
    check: (input) => {
      const { scopes, ttlHours } = expectObject('repository.mintToken', input, ['scopes', 'ttlHours']);
      if (
        !Array.isArray(scopes) ||
        scopes.length === 0 ||
        scopes.some((scope) => !TOKEN_SCOPES.includes(scope as string)) ||
        new Set(scopes).size !== scopes.length
      ) {
        badInput('repository.mintToken', '"scopes" must list "read" and/or "write", each once.');
      }
      if (typeof ttlHours !== 'number' || !Number.isInteger(ttlHours) || ttlHours < 1 || ttlHours > MAX_TOKEN_HOURS) {
        badInput('repository.mintToken', `"ttlHours" must be a whole number from 1 to ${MAX_TOKEN_HOURS}.`);
      }
    },
    execute: async (deed, input: { scopes: string[]; ttlHours: number }) => {
      const { db, tenantId, signOffId } = deed;
      const repository = repositoryOf(deed);
      const token = newSecret('cst_');
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + input.ttlHours * 3600 * 1000);
      await insertRepositoryToken(db, { tenantId, id, repositoryId: repository.id, signOffId, scopes: input.scopes, tokenHash: hashSecret(token), expiresAt });
      return { ok: true, result: { tokenId: id, scopes: input.scopes, expiresAt: expiresAt.toISOString() }, secret: { token }, minted: [id] };
    },
  }),
  operation({
    op: 'authority.grant',
    summary: 'Grant this agent a standing authority',
    needsRepository: false,
    irreversible: false,
    risk: 'HIGH',
    secretFields: [],
    inputSchema: authorityGrantDeed.inputSchema,
    check: (input) => authorityGrantDeed.check(expectObject('authority.grant', input, authorityGrantDeed.fields)),
    execute: async ({ db, tenantId, ownerId, agentId, signOffId }, input: TermsInput) => {
      if (agentId === null) throw new Error(`authority.grant sign-off ${signOffId} has no agent`);
      const outcome = await authorityGrantDeed.execute({ db, tenantId, ownerId, agentId, signOffId }, input);
      return outcome.ok ? { ok: true, result: { authorityId: outcome.authorityId } } : outcome;
    },
  }),
];

/**
 * The operations only an owner files, for a second owner's approval
 * (docs/sign-offs.md, S21): the changes that would weaken the two-person
 * rule. Never in the catalogue an agent asks from (`OPERATIONS`), and the
 * database refuses them with an agent (`sign_offs_owner_filed_ops`).
 */
export const OWNER_OPERATIONS: readonly Operation[] = [
  operation({
    op: 'tenant.inviteOwner',
    summary: 'Invite another owner into this tenant',
    needsRepository: false,
    irreversible: false,
    risk: 'HIGH',
    secretFields: ['token'],
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['invitationId'],
      properties: { invitationId: { type: 'string', format: 'uuid' }, note: { type: 'string', maxLength: 200 } },
    },
    check: (input) => {
      const { invitationId, note } = expectObject('tenant.inviteOwner', input, ['invitationId', 'note']);
      if (typeof invitationId !== 'string' || !isUuid(invitationId)) badInput('tenant.inviteOwner', '"invitationId" must be a UUID.');
      if (note !== undefined) checkInvitationNote(typeof note === 'string' ? note : badInput('tenant.inviteOwner', '"note" must be a string.'));
    },
    // The link goes to the proposer alone, once, as the request's secret (takeOwnerInvitationLink).
    execute: async ({ db, tenantId, ownerId, signOffId }, input: { invitationId: string; note?: string }) => {
      const { invitation, token } = await createInvitation(db, { tenantId, invitedBy: ownerId, note: input.note ?? null, signOffId, id: input.invitationId });
      return { ok: true, result: { invitationId: invitation.id, expiresAt: invitation.expiresAt.toISOString() }, secret: { token } };
    },
  }),
  operation({
    op: 'tenant.changePolicy',
    summary: 'Lower the approvals an operation needs',
    needsRepository: false,
    irreversible: false,
    risk: 'HIGH',
    secretFields: [],
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['op', 'approvalsRequired'],
      properties: { op: { type: 'string', minLength: 1, maxLength: 100 }, approvalsRequired: { enum: [1, 2] } },
    },
    check: (input) => {
      const { op, approvalsRequired } = expectObject('tenant.changePolicy', input, ['op', 'approvalsRequired']);
      if (typeof op !== 'string' || op.length === 0 || op.length > 100) badInput('tenant.changePolicy', '"op" must name an operation.');
      if (approvalsRequired !== 1 && approvalsRequired !== 2) badInput('tenant.changePolicy', '"approvalsRequired" must be 1 or 2.');
    },
    execute: async ({ db, tenantId, ownerId, signOffId }, input: { op: string; approvalsRequired: 1 | 2 }) => {
      await saveApprovalPolicy(db, tenantId, ownerId, { op: input.op, approvalsRequired: input.approvalsRequired });
      await auditPolicyChange(db, tenantId, ownerId, { op: input.op, approvalsRequired: input.approvalsRequired }, signOffId);
      return { ok: true, result: { op: input.op, approvalsRequired: input.approvalsRequired } };
    },
  }),
];

const BY_NAME = new Map([...OPERATIONS, ...OWNER_OPERATIONS].map((operation) => [operation.op, operation]));

/** The operation of that name; BAD_INPUT naming the known ones otherwise. */
export function findOperation(op: string): Operation {
  const operation = BY_NAME.get(op);
  if (!operation) throw graphQLError('BAD_INPUT', `Unknown operation "${op}". Known operations: ${OPERATIONS.map((o) => o.op).join(', ')}.`);
  return operation;
}

/** The operation's summary, naming the repository it acts on if any. */
export function describeOperation(op: string, repositoryName: string | null): string {
  const operation = BY_NAME.get(op);
  return (operation?.summary ?? op).replace('{repository}', repositoryName ?? '');
}

export function isIrreversible(op: string): boolean {
  return BY_NAME.get(op)?.irreversible ?? true;
}
