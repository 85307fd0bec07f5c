import { graphQLError } from '../../platform/lib/errors.js';

/** Lower-case dot-separated segments; the first starts with a letter. The database checks the same. */
const OP_NAME = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/;

/** Prefixes of the built-in operations (and of future ones about operations themselves); `tenant.` names the owner-to-owner ones. */
export const RESERVED_PREFIXES = ['repository.', 'authority.', 'operation.', 'tenant.'];

export const MAX_OP_LENGTH = 100;

/** Whether `op` names an operation an owner may define; BAD_INPUT naming the rule otherwise. */
export function checkOpName(op: string): void {
  if (op.length === 0 || op.length > MAX_OP_LENGTH) throw graphQLError('BAD_INPUT', `An operation name is 1 to ${MAX_OP_LENGTH} characters.`);
  if (!OP_NAME.test(op)) {
    throw graphQLError(
      'BAD_INPUT',
      `"${op}" is not an operation name: use lower-case segments of letters, digits, "-" and "_", separated by dots, starting with a letter (e.g. email.send).`,
    );
  }
  const reserved = RESERVED_PREFIXES.find((prefix) => op.startsWith(prefix));
  if (reserved) throw graphQLError('BAD_INPUT', `Names starting with "${reserved}" are reserved for Countersign's own operations.`);
}
