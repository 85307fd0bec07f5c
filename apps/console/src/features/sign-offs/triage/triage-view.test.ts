import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_LIMIT, firstBatch, matchesFilters, moveCursor, nextAfter, NO_FILTERS, toggled, triage, type TriageItem } from './triage-view';

const item = (id: string, overrides: Partial<TriageItem> = {}): TriageItem => ({
  id,
  agentName: 'deploy-bot',
  op: 'repository.serve',
  repositoryName: 'docs',
  risk: 'LOW',
  summary: `Serve docs ${id}`,
  reason: null,
  target: 'docs',
  effect: 'Serves repository docs',
  requestedAt: '2026-12-01T10:00:00Z',
  expiresAt: '2026-12-08T10:00:00Z',
  ...overrides,
});

describe('matchesFilters', () => {
  it('keeps only what every filter allows', () => {
    const grant = item('g', {
      agentName: 'billing-agent',
      op: 'authority.grant',
      repositoryName: null,
      risk: 'HIGH',
      effect: 'Grants billing-agent €100,000.00',
    });
    expect(matchesFilters(grant, { ...NO_FILTERS, risk: 'HIGH' })).toBe(true);
    expect(matchesFilters(grant, { ...NO_FILTERS, risk: 'LOW' })).toBe(false);
    expect(matchesFilters(grant, { ...NO_FILTERS, agent: 'deploy-bot' })).toBe(false);
    expect(matchesFilters(grant, { ...NO_FILTERS, repository: 'docs' })).toBe(false);
    expect(matchesFilters(grant, { ...NO_FILTERS, op: 'authority.grant', agent: 'billing-agent' })).toBe(true);
  });

  it('searches summary, reason, target and effect, every word, ignoring case and accents', () => {
    const request = item('r', { summary: 'Deploy to Zürich', reason: 'Quarterly RELEASE', target: 'site-eu' });
    expect(matchesFilters(request, { ...NO_FILTERS, search: 'zurich release' })).toBe(true);
    expect(matchesFilters(request, { ...NO_FILTERS, search: 'SITE-EU' })).toBe(true);
    expect(matchesFilters(request, { ...NO_FILTERS, search: 'zurich paris' })).toBe(false);
    expect(matchesFilters(request, { ...NO_FILTERS, search: '   ' })).toBe(true);
  });
});

describe('triage', () => {
  it('orders by time left (soonest first) or by arrival (newest first)', () => {
    const a = item('a', { requestedAt: '2026-12-01T08:00:00Z', expiresAt: '2026-12-02T08:00:00Z' });
    const b = item('b', { requestedAt: '2026-12-01T09:00:00Z', expiresAt: '2026-12-01T12:00:00Z' });
    const c = item('c', { requestedAt: '2026-12-01T10:00:00Z', expiresAt: '2026-12-08T10:00:00Z' });
    expect(triage([a, b, c], NO_FILTERS, 'timeLeft').map(({ id }) => id)).toEqual(['b', 'a', 'c']);
    expect(triage([a, b, c], NO_FILTERS, 'arrival').map(({ id }) => id)).toEqual(['c', 'b', 'a']);
  });

  it('is a stable, filtered permutation: nothing invented, nothing lost that matches', () => {
    const arbitraryItem = fc.record({
      id: fc.uuid(),
      risk: fc.constantFrom('LOW' as const, 'MEDIUM' as const, 'HIGH' as const),
      requestedAt: fc.integer({ min: 0, max: 10 }).map((hour) => new Date(Date.UTC(2026, 11, 1, hour)).toISOString()),
      expiresAt: fc.integer({ min: 0, max: 10 }).map((hour) => new Date(Date.UTC(2026, 11, 8, hour)).toISOString()),
    });
    fc.assert(
      fc.property(fc.uniqueArray(arbitraryItem, { selector: (x) => x.id }), fc.constantFrom('timeLeft' as const, 'arrival' as const), (parts, order) => {
        const items = parts.map((part) => item(part.id, part));
        const shown = triage(items, { ...NO_FILTERS, risk: 'LOW' }, order);
        expect(new Set(shown.map(({ id }) => id))).toEqual(new Set(items.filter((x) => x.risk === 'LOW').map(({ id }) => id)));
        const field = order === 'timeLeft' ? 'expiresAt' : 'requestedAt';
        const sign = order === 'timeLeft' ? 1 : -1;
        shown.slice(1).forEach((next, i) => {
          const previous = shown[i] as TriageItem;
          const delta = sign * (Date.parse(next[field]) - Date.parse(previous[field]));
          expect(delta).toBeGreaterThanOrEqual(0);
          // Ties keep the API's order.
          if (delta === 0) expect(items.indexOf(next)).toBeGreaterThan(items.indexOf(previous));
        });
      }),
    );
  });
});

describe('the cursor', () => {
  it('moves with j and k and stops at the ends', () => {
    const order = ['a', 'b', 'c'];
    expect(moveCursor(order, undefined, 1)).toBe('a');
    expect(moveCursor(order, 'a', 1)).toBe('b');
    expect(moveCursor(order, 'c', 1)).toBe('c');
    expect(moveCursor(order, 'a', -1)).toBe('a');
    expect(moveCursor(order, 'gone', -1)).toBe('a');
    expect(moveCursor([], 'a', 1)).toBeUndefined();
  });

  it('lands after a decision on the next waiting request, else the one before', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(nextAfter(order, new Set(['b']))).toBe('c');
    expect(nextAfter(order, new Set(['b', 'c']))).toBe('d');
    expect(nextAfter(order, new Set(['d']))).toBe('c');
    expect(nextAfter(order, new Set(order))).toBeUndefined();
  });

  it('never lands on a decided request, and lands somewhere while one waits', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1 }), fc.func(fc.boolean()), (order, isDecided) => {
        const decided = new Set(order.filter((id) => isDecided(id)));
        const next = nextAfter(order, decided);
        if (decided.size === order.length) expect(next).toBeUndefined();
        else expect(next !== undefined && !decided.has(next)).toBe(true);
      }),
    );
  });
});

describe('the selection', () => {
  it('takes at most one batch, in the order shown', () => {
    const ids = Array.from({ length: BATCH_LIMIT + 5 }, (_, index) => `r${index}`);
    expect(firstBatch(ids)).toEqual(ids.slice(0, BATCH_LIMIT));
    expect(firstBatch(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('toggles one request in or out, keeping the others in their order', () => {
    const selected = new Set(['a', 'b', 'c']);
    expect([...toggled(selected, 'b')]).toEqual(['a', 'c']);
    expect([...toggled(selected, 'd')]).toEqual(['a', 'b', 'c', 'd']);
    expect([...toggled(selected, 'a', true)]).toEqual(['a', 'b', 'c']);
    expect([...toggled(selected, 'd', false)]).toEqual(['a', 'b', 'c']);
    expect([...selected]).toEqual(['a', 'b', 'c']);
  });
});
