import { useSyncExternalStore } from 'react';
import type { SignOffState } from '../../gql/graphql';

/**
 * History's filters as they live in the address bar (`/history?state=DENIED&agent=…&from=2026-11-01&to=2026-11-30`),
 * so a filtered view can be bookmarked or sent to someone. Dates are the
 * owner's calendar days, both ends included; the API is asked for the instants
 * they span in the owner's time zone.
 */
export interface HistoryFilters {
  state?: SignOffState;
  agent?: string;
  /** A calendar day, YYYY-MM-DD. */
  from?: string;
  /** A calendar day, YYYY-MM-DD, included. */
  to?: string;
  /** `rule`: only requests a standing rule approved (docs/sign-offs.md, S19); `other`: only the rest. */
  decidedBy?: DecidedBy;
}

/** Who decided, as History filters it. */
export type DecidedBy = 'rule' | 'other';

const DECIDED_BY: readonly string[] = ['rule', 'other'];

/** The states History offers (every one but PENDING, which lives in the inbox). */
export const HISTORY_STATES: readonly SignOffState[] = [
  'SUCCEEDED',
  'FAILED',
  'DENIED',
  'EXPIRED',
  'WITHDRAWN',
  'APPROVED',
  'AWAITING_REDEEM',
  'REDEEMED',
  'DELIVERING',
  'LAPSED',
];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day `text` names as a local date, or undefined for anything that is not a real calendar day. */
function localDay(text: string): Date | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // setFullYear, not the constructor alone: it reads years 0–99 as 1900–1999.
  date.setFullYear(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real && year >= 1 && year <= 9999 ? date : undefined;
}

/** Reads the filters from a query string; anything unknown or malformed is left out rather than sent to the API. */
export function readHistoryFilters(search: string): HistoryFilters {
  const params = new URLSearchParams(search);
  const filters: HistoryFilters = {};
  const state = params.get('state');
  if (state && (HISTORY_STATES as readonly string[]).includes(state)) filters.state = state as SignOffState;
  const agent = params.get('agent');
  if (agent) filters.agent = agent;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && localDay(value)) filters[key] = value;
  }
  const decidedBy = params.get('decidedBy');
  if (decidedBy && DECIDED_BY.includes(decidedBy)) filters.decidedBy = decidedBy as DecidedBy;
  return filters;
}

/** The query string for `filters` ("" when none), in a fixed order so one view has one address. */
export function historySearch(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  for (const key of ['state', 'agent', 'from', 'to', 'decidedBy'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What the API is asked: the instants the chosen days span, `requestedTo` exclusive (the start of the day after `to`). */
export function historyVariables(filters: HistoryFilters): {
  state?: SignOffState;
  agent?: string;
  requestedFrom?: string;
  requestedTo?: string;
  byRule?: boolean;
} {
  const from = filters.from ? localDay(filters.from) : undefined;
  const to = filters.to ? localDay(filters.to) : undefined;
  if (to) to.setDate(to.getDate() + 1);
  const byRule = filters.decidedBy === undefined ? undefined : filters.decidedBy === 'rule';
  return { state: filters.state, agent: filters.agent, requestedFrom: from?.toISOString(), requestedTo: to?.toISOString(), byRule };
}

/** Whether the span runs backwards (from after to): the page says so instead of asking the API. */
export function spanIsBackwards(filters: HistoryFilters): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * The filters in the address bar and a way to change them. A change replaces
 * the current entry rather than pushing one: Back leaves History instead of
 * stepping through every filter tried on the way.
 */
export function useHistoryFilters(): [HistoryFilters, (next: HistoryFilters) => void] {
  const search = useSyncExternalStore(subscribe, () => location.search);
  const filters = readHistoryFilters(search);
  const setFilters = (next: HistoryFilters) => {
    history.replaceState(history.state, '', `${location.pathname}${historySearch(next)}${location.hash}`);
    for (const listener of listeners) listener();
  };
  return [filters, setFilters];
}
