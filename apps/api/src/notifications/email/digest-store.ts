import type { Queryable } from '../../db/sql.js';
import type { Notice } from '../notice.js';

/** STUB: adds the notice to the owner's next digest (inside the fan-out's transaction). */
export function addToDigest(_db: Queryable, _notice: Notice, _minutes: number): Promise<void> {
  return Promise.resolve();
}
