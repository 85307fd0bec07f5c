import { randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '../../platform/lib/principal.js';
import { UNIQUE_VIOLATION } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { nameCursor, pageOf, pageWindow, type Page } from '../../platform/lib/page.js';
import { insertRepositoryUnderCap, listLiveRepositories, type RepositoryRow } from './store.js';

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

export type CreateRepositoryOutcome = { kind: 'created'; repository: RepositoryRow } | { kind: 'name-taken' } | { kind: 'limit-reached'; max: number };

/**
 * Creates a repository for the owner (an agent creates it for its owner),
 * unless the owner has `max` live ones (COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER).
 */
export async function createRepository(deps: ServiceDeps, principal: Principal, name: string, max: number): Promise<CreateRepositoryOutcome> {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) {
    throw graphQLError('BAD_INPUT', 'A repository name is 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  }
  try {
    const repository = await deps.scope.transaction((tx) =>
      insertRepositoryUnderCap(
        tx,
        { tenantId: principal.tenantId, id: randomUUID(), ownerId: principal.ownerId, name: trimmed, code: newRepositoryCode() },
        max,
      ),
    );
    return repository ? { kind: 'created', repository } : { kind: 'limit-reached', max };
  } catch (error) {
    if (isNameTaken(error)) return { kind: 'name-taken' };
    throw error;
  }
}

/** Names are at most 100 characters (NAME above), so a longer cursor is none this list gave out. */
const readNameCursor = nameCursor(100);

/** A page of the live repositories of the principal's owner, by name; the cursor is the last name shown. */
export async function listRepositories(deps: ServiceDeps, principal: Principal, first: number, after: string | null | undefined): Promise<Page<RepositoryRow>> {
  const window = pageWindow(first, after, readNameCursor);
  const rows = await listLiveRepositories(deps.db.prisma, principal.tenantId, principal.ownerId, window.size + 1, window.after);
  return pageOf(rows, window.size, (row) => row.name);
}
