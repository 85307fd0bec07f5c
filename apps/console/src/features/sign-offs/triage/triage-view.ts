import type { Risk } from '../../../gql/graphql';

/** What a triage row needs to be filtered, searched and sorted: the request's facts plus its effect in words. */
export interface TriageItem {
  id: string;
  agentName: string;
  op: string;
  repositoryName: string | null;
  risk: Risk;
  summary: string;
  reason: string | null;
  /** What it acts on, in words (a repository, a recipient), from the effect. */
  target: string | null;
  /** The effect sentence: searching "100,000" finds the grant that moves it. */
  effect: string;
  requestedAt: string;
  expiresAt: string;
}

/** How the owner narrows the Inbox; an empty string means "any". */
export interface TriageFilters {
  agent: string;
  op: string;
  repository: string;
  risk: Risk | '';
  search: string;
}

export const NO_FILTERS: TriageFilters = { agent: '', op: '', repository: '', risk: '', search: '' };

/** The most requests one batch decides (the API's limit): select-all selects no more, and a larger selection is decided this many at a time. */
export const BATCH_LIMIT = 100;

/** The rows one batch takes, in the order shown: what select-all selects and what deciding a selection sends. */
export function firstBatch<T>(rows: readonly T[]): T[] {
  return rows.slice(0, BATCH_LIMIT);
}

/** `selected` with `id` in when `on`, else out; without `on`, the other way round from how it stands. The others keep their order. */
export function toggled(selected: ReadonlySet<string>, id: string, on = !selected.has(id)): ReadonlySet<string> {
  const updated = new Set(selected);
  if (on) updated.add(id);
  else updated.delete(id);
  return updated;
}

/** Most urgent first (the soonest expiry), or the newest arrival first. */
export type TriageOrder = 'timeLeft' | 'arrival';

/**
 * Case- and accent-insensitive, so "zurich" finds "Zürich": owners type
 * what they remember, not what an agent spelled.
 */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Whether `item` passes every filter; the search must match summary, reason, target or effect (every word, anywhere). */
export function matchesFilters(item: TriageItem, filters: TriageFilters): boolean {
  if (filters.agent && item.agentName !== filters.agent) return false;
  if (filters.op && item.op !== filters.op) return false;
  if (filters.repository && item.repositoryName !== filters.repository) return false;
  if (filters.risk && item.risk !== filters.risk) return false;
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([item.summary, item.reason ?? '', item.target ?? '', item.effect].join('\n'));
  return words.every((word) => haystack.includes(word));
}

const byTime = (field: 'expiresAt' | 'requestedAt') => (a: TriageItem, b: TriageItem) => Date.parse(a[field]) - Date.parse(b[field]);

/**
 * The rows the owner sees, in order. Ties keep the API's order (oldest
 * waiting first), so the list never shuffles between two refetches.
 */
export function triage<T extends TriageItem>(items: readonly T[], filters: TriageFilters, order: TriageOrder): T[] {
  const kept = items.filter((item) => matchesFilters(item, filters));
  const compare = order === 'timeLeft' ? byTime('expiresAt') : (a: TriageItem, b: TriageItem) => -byTime('requestedAt')(a, b);
  return kept
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** The distinct values one filter can take among the waiting requests, sorted for a select. */
export function filterChoices(items: readonly TriageItem[], pick: (item: TriageItem) => string | null): string[] {
  return [...new Set(items.map(pick).filter((value): value is string => value !== null))].sort((a, b) => a.localeCompare(b));
}

/**
 * Where the cursor goes after `decided` leave the list: the first row after
 * the last of them that is still waiting, else the nearest one before, else
 * nowhere. Focus must land on the next request, never on the page body.
 */
export function nextAfter(order: readonly string[], decided: ReadonlySet<string>): string | undefined {
  const positions = order.map((id, index) => (decided.has(id) ? index : -1)).filter((index) => index >= 0);
  if (positions.length === 0) return order.find((id) => !decided.has(id));
  const last = Math.max(...positions);
  return (
    order.slice(last + 1).find((id) => !decided.has(id)) ??
    order
      .slice(0, last)
      .reverse()
      .find((id) => !decided.has(id))
  );
}

/** The row `step` places from `current` (j: +1, k: −1), clamped at the ends; the first row when none is current. */
export function moveCursor(order: readonly string[], current: string | undefined, step: 1 | -1): string | undefined {
  if (order.length === 0) return undefined;
  const index = current === undefined ? -1 : order.indexOf(current);
  if (index === -1) return order[0];
  return order[Math.min(order.length - 1, Math.max(0, index + step))];
}
