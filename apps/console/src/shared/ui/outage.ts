import { UI_LOCALE } from '@countersign/effect';
import type { ConnectionState } from '../transport/graphql-client';

/**
 * What the banner knows about the live connection: when it last went down
 * (null while connected) and whether it was ever up in this tab.
 */
export interface Outage {
  state: ConnectionState;
  downSince: number | null;
  everConnected: boolean;
}

/** How long a first connection may take before the banner speaks: a page that connects in a second never flashes it. */
export const FIRST_CONNECT_GRACE_MS = 5_000;
/** How long a drop may last before the banner speaks: the API's own quick reconnection (close code 1012) passes unseen. */
export const DROP_GRACE_MS = 2_000;

/** The outage as it stands when a tab first renders with `state`. */
export function startOutage(state: ConnectionState, now: number): Outage {
  return { state, downSince: state === 'connected' ? null : now, everConnected: state === 'connected' };
}

/** The outage after the connection moved to `state` at `now`; down keeps its first moment, up clears it. */
export function nextOutage(outage: Outage, state: ConnectionState, now: number): Outage {
  if (state === 'connected') return { state, downSince: null, everConnected: true };
  return { state, downSince: outage.downSince ?? now, everConnected: outage.everConnected };
}

/** Whether the banner shows: down, and for longer than the grace that fits (a drop after being up, or a first connection). */
export function outageShown(outage: Outage, now: number): boolean {
  if (outage.downSince === null) return false;
  return now - outage.downSince >= (outage.everConnected ? DROP_GRACE_MS : FIRST_CONNECT_GRACE_MS);
}

/** How long it has been, in the largest whole unit: "less than a minute", "3 minutes", "2 hours", "4 days". */
export function formatDownFor(downSince: number, now: number, locale: string = UI_LOCALE): string {
  const minutes = Math.floor(Math.max(0, now - downSince) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const [amount, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/** The moment it went down: the time alone when that was today, with the date otherwise. */
export function formatDownSince(downSince: number, now: number, locale: string = UI_LOCALE): string {
  const since = new Date(downSince);
  const sameDay = since.toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(since);
}

/** The banner's sentence: since when, for how long, what it means, and whether a reconnection is under way. */
export function describeOutage(outage: Outage, now: number, locale: string = UI_LOCALE): string {
  const since = outage.downSince ?? now;
  const what = `Live updates are down since ${formatDownSince(since, now, locale)} (${formatDownFor(since, now, locale)}); what you see may be out of date.`;
  return outage.state === 'connecting' ? `${what} Reconnecting…` : `${what} Reload the page to reconnect.`;
}
