import type { Queryable } from '../../../platform/db/sql.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { Principal } from '../../../platform/lib/principal.js';
import { inputValidationPool } from '../../operations/validation-pool.js';
import { listDefinedOperations } from '../../operations/service.js';
import { findDefinedOperation, findLatest, findVersion, viewOf, type OperationRow } from '../../operations/store.js';
import type { OperationView } from '../../operations/view.js';
import { OPERATIONS, OWNER_OPERATIONS, type Operation } from './operations.js';
import type { Runner } from '../store.js';

const BUILT_IN = new Map(OPERATIONS.map((operation) => [operation.op, operation]));
/** Every built-in a stored request may name: the agents' catalogue and the owner-to-owner operations, which no agent can ask for. */
const ANY_BUILT_IN = new Map([...OPERATIONS, ...OWNER_OPERATIONS].map((operation) => [operation.op, operation]));

/** A built-in as the catalogue shows it. */
export function builtInView(operation: Operation): OperationView {
  return {
    tenantId: null,
    op: operation.op,
    version: 1,
    summary: operation.summary.replace(' {repository}', ''),
    description: null,
    irreversible: operation.irreversible,
    risk: operation.risk,
    runner: 'SERVER',
    retired: false,
    inputSchema: operation.inputSchema,
    secretFields: operation.secretFields,
    needsRepository: operation.needsRepository,
    webhookUrl: null,
    definedAt: null,
  };
}

/** The catalogue a principal reads: the built-ins, then the tenant's defined operations at their latest versions (through Prisma). */
export async function readCatalogue(deps: Pick<ServiceDeps, 'db'>, principal: Principal, includeRetired: boolean): Promise<OperationView[]> {
  const defined = await listDefinedOperations(deps, principal, includeRetired);
  return [...OPERATIONS.map(builtInView), ...defined.map(viewOf)];
}

/**
 * One operation by name (and version), for the `operation` query: through
 * the request's scope (the pool). Raw, as `operationNamed` is: making a rule
 * reads the same operation inside its transaction.
 */
export function readOperation(deps: Pick<ServiceDeps, 'scope'>, principal: Principal, op: string, version?: number | null): Promise<OperationView | null> {
  return operationNamed(deps.scope.reads, principal.tenantId, op, version);
}

/** One operation by name (and version), in the caller's transaction; a built-in has only version 1. */
export async function operationNamed(db: Queryable, tenantId: string, op: string, version?: number | null): Promise<OperationView | null> {
  const builtIn = BUILT_IN.get(op);
  if (builtIn) return version === undefined || version === null || version === 1 ? builtInView(builtIn) : null;
  if (version !== undefined && version !== null && (!Number.isInteger(version) || version < 1)) throw graphQLError('BAD_INPUT', '"version" counts from 1.');
  const row = await findDefinedOperation(db, tenantId, op, version);
  return row ? viewOf(row) : null;
}

/** What asking needs of the operation asked for: who runs it, and the check its input must pass. */
export interface AskedOperation {
  op: string;
  version: number | null;
  runner: Runner;
  needsRepository: boolean;
  /** The operation's own risk (a request's is assessed from it and the input: risk.ts). */
  declaredRisk: 'LOW' | 'MEDIUM' | 'HIGH';
  irreversible: boolean;
  /** A built-in's own check, which throws BAD_INPUT naming what is wrong; null for a defined operation (`inputSchema`). */
  check: ((input: unknown) => void) | null;
  /** A defined operation's stored schema text, judged in the validation pool; null for a built-in. */
  inputSchema: string | null;
}

/**
 * The operation an agent asks for: a built-in, or the latest live version of
 * a defined one. Read first on a pooled connection without a lock (`lock`
 * false), then again inside the asking transaction, where its head is
 * share-locked so a retirement or new version cannot commit between this read
 * and the request's insert. 'retired' when it is retired; BAD_INPUT when
 * unknown.
 */
export async function operationForAsking(tx: Queryable, tenantId: string, op: string, lock = true): Promise<AskedOperation | 'retired'> {
  const builtIn = BUILT_IN.get(op);
  if (builtIn) return askedBuiltIn(builtIn);
  let row = await findLatest(tx, tenantId, op, lock);
  // A version defined while the share lock waited moves the head to a row this statement's snapshot cannot see, so the join finds
  // nothing: read again (a new statement, a new snapshot) rather than call a live operation unknown.
  if (!row && lock) row = await findLatest(tx, tenantId, op, lock);
  if (!row) {
    throw graphQLError(
      'BAD_INPUT',
      `Unknown operation "${op}". The built-in ones are ${OPERATIONS.map((o) => o.op).join(', ')}; the \`operations\` query lists your owners' too.`,
    );
  }
  if (row.retired) return 'retired';
  return askedDefined(row);
}

function askedBuiltIn(builtIn: Operation): AskedOperation {
  return {
    op: builtIn.op,
    version: null,
    runner: 'server',
    needsRepository: builtIn.needsRepository,
    declaredRisk: builtIn.risk,
    irreversible: builtIn.irreversible,
    check: (input) => builtIn.check(input),
    inputSchema: null,
  };
}

function askedDefined(row: OperationRow): AskedOperation {
  return {
    op: row.op,
    version: row.version,
    runner: row.runner,
    needsRepository: row.needsRepository,
    declaredRisk: row.risk.toUpperCase() as AskedOperation['declaredRisk'],
    irreversible: row.irreversible,
    check: null,
    inputSchema: row.inputSchema,
  };
}

/**
 * The operation a stored agent's request pinned, as an owner's edit of its
 * input is judged (docs/sign-offs.md, S22): its built-in, or the exact
 * version asked, retired or not (an open request still decides, O5).
 */
export async function pinnedOperation(deps: Pick<ServiceDeps, 'db'>, row: { tenantId: string; op: string; opVersion: number | null }): Promise<AskedOperation> {
  if (row.opVersion === null) {
    const builtIn = BUILT_IN.get(row.op);
    if (!builtIn) throw new Error(`sign-off of ${row.op} pins no version and is no agent's built-in`);
    return askedBuiltIn(builtIn);
  }
  const version = await findVersion(deps.db.pool, row.tenantId, row.op, row.opVersion);
  if (!version) throw new Error(`operation ${row.op} version ${row.opVersion} is missing`);
  return askedDefined(version);
}

/**
 * Judges an input (`canonical`, and `input` as parsed) for the operation
 * asked: a built-in by its own check, in place (cheap and fixed); a defined
 * operation against its schema in the validation pool, off the event loop and
 * within its budget (docs/operations.md, O4). Throws BAD_INPUT naming the
 * pointer and rule, or that the input is too costly to check; RATE_LIMITED
 * when the pool's queue or the tenant's share of it is full.
 */
export async function checkAskedInput(tenantId: string, operation: AskedOperation, canonical: string, input: unknown): Promise<void> {
  if (operation.check) return operation.check(input);
  const problem = await inputValidationPool.check(tenantId, operation.inputSchema!, canonical);
  if (problem !== null) throw graphQLError('BAD_INPUT', `Input for ${operation.op} (version ${operation.version}) does not match its schema: ${problem}`);
}

/** The operation a request was asked under: its built-in, or the exact version it pinned (through the scope: under a keyed mutation's answer, its transaction). */
export async function operationOfRequest(
  deps: Pick<ServiceDeps, 'scope'>,
  row: { tenantId: string; op: string; opVersion: number | null },
): Promise<OperationView> {
  const builtIn = ANY_BUILT_IN.get(row.op);
  if (row.opVersion === null) {
    if (!builtIn) throw new Error(`sign-off of ${row.op} pins no version and is no built-in`);
    return builtInView(builtIn);
  }
  const version = await findVersion(deps.scope.reads, row.tenantId, row.op, row.opVersion);
  if (!version) throw new Error(`operation ${row.op} version ${row.opVersion} is missing`);
  return viewOf(version);
}
