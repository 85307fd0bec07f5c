import { randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '../lib/principal.js';
import { UNIQUE_VIOLATION, type Queryable } from '../db/sql.js';
import type { ServiceDeps } from '../lib/deps.js';
import { graphQLError } from '../lib/errors.js';
import { findRepositoriesByIds, insertRepository, listLiveRepositories, type RepositoryRow } from './store.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A fresh random identity for a newly created repository. */
export function newRepositoryCode(): string {
  return `rc_${randomBytes(12).toString('base64url')}`;
}

/** The unique index that keeps a name to one live repository per owner (migration 20261130010000_signoffs). */
const LIVE_NAME_INDEX = 'repositories_live_name';

/**
 * Whether an insert failed because the owner already has a live repository
 * of that name. Only that index means so: the table's other unique keys (the
 * random code, the id) clash only by a fault, which must surface as one
 * rather than tell the caller to pick another name.
 */
export function isNameTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && constraint === LIVE_NAME_INDEX;
}

export type CreateRepositoryOutcome = { kind: 'created'; repository: RepositoryRow } | { kind: 'name-taken' };

/** Creates a repository for the owner (an agent creates it for its owner). */
export async function createRepository(deps: ServiceDeps, principal: Principal, name: string): Promise<CreateRepositoryOutcome> {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) {
    throw graphQLError('BAD_INPUT', 'A repository name is 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  }
  try {
    const repository = await deps.scope.transaction((tx) =>
      insertRepository(tx, { tenantId: principal.tenantId, id: randomUUID(), ownerId: principal.ownerId, name: trimmed, code: newRepositoryCode() }),
    );
    return { kind: 'created', repository };
  } catch (error) {
    if (isNameTaken(error)) return { kind: 'name-taken' };
    throw error;
  }
}

/** The live repositories of the principal's owner: an ordinary read, through Prisma on the pool. */
export function listRepositories(deps: ServiceDeps, principal: Principal): Promise<RepositoryRow[]> {
  return listLiveRepositories(deps.db.prisma, principal.tenantId, principal.ownerId);
}

/** Repositories by key, for a request's loader: one statement for however many rows a page shows. */
export function readRepositories(db: Queryable, keys: readonly { tenantId: string; id: string }[]): Promise<RepositoryRow[]> {
  return findRepositoriesByIds(db, keys);
}
