import type { BusEvent } from '../../platform/events/topics.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { Principal } from '../../platform/lib/principal.js';
import { readerOf, readerSees } from '../../platform/lib/reader.js';
import { isUuid } from '../../platform/lib/validation.js';
import { findSignOff, type SignOffRow } from './store.js';

type SignOffEvent = BusEvent<'SIGN_OFF_CHANGED'>;

/**
 * The request an event names, read once per event on this instance. The bus
 * hands one event object to every subscription it reaches (platform/events/bus.ts),
 * so the object is the event's identity here: every subscription resolving
 * it shares one read, however many subscribers and principals it reaches,
 * and the next event reads afresh. Held weakly, so the row goes when the
 * last subscriber's queue lets go of the event.
 */
const readsByEvent = new WeakMap<SignOffEvent, Promise<SignOffRow | null>>();

let readsIssued = 0;

/**
 * How many reads of a changed request this process has sent to the
 * database, counted where the statement is issued: tests compare it before
 * and after an event to show one read serves every subscriber.
 */
export function changedSignOffReads(): number {
  return readsIssued;
}

/**
 * The request as it is now, read without any reader's filter: who may see it
 * is decided per subscriber from the row itself (`mayReceive`). Null when
 * the id names no request of the event's tenant. On the pool: an event is
 * heard after its change committed, never inside a request's transaction.
 */
export function changedSignOff(deps: Pick<ServiceDeps, 'db'>, event: SignOffEvent): Promise<SignOffRow | null> {
  let read = readsByEvent.get(event);
  if (!read) {
    const { signOffId } = event.payload;
    if (!isUuid(signOffId) || !isUuid(event.tenantId)) {
      read = Promise.resolve(null);
    } else {
      readsIssued += 1;
      read = findSignOff(deps.db.pool, event.tenantId, signOffId);
      // A failed read is not remembered: a subscriber resolving the event later tries again.
      read.catch(() => readsByEvent.delete(event));
    }
    readsByEvent.set(event, read);
  }
  return read;
}

/** Records a row read already (a subscription's opening read), so resolving `event` costs no second read. */
export function rememberChangedSignOff(event: SignOffEvent, row: SignOffRow): void {
  readsByEvent.set(event, Promise.resolve(row));
}

/**
 * Whether `principal` may see `row`: its tenant, and its owner's or (for an
 * agent) its own request; a request needing two approvals is every owner's
 * of the tenant (docs/sign-offs.md, S20).
 */
export function mayReceive(principal: Principal, row: SignOffRow): boolean {
  return row.tenantId === principal.tenantId && readerSees(readerOf(principal), row, row.approvalsRequired === 2);
}
