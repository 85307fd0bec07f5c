import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historySearch, historyVariables, readHistoryFilters, spanIsBackwards, type HistoryFilters } from './history-search';

describe('History filters in the address bar', () => {
  it('reads the filters it writes, whatever they are', () => {
    const day = fc
      .date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const filters = fc.record(
      {
        state: fc.constantFrom('DENIED' as const, 'EXPIRED' as const, 'LAPSED' as const),
        agent: fc.string({ minLength: 1 }),
        from: day,
        to: day,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (written: HistoryFilters) => {
        expect(readHistoryFilters(historySearch(written))).toEqual(written);
      }),
    );
  });

  it('leaves out a state History does not show, and a day that is not a real calendar day', () => {
    expect(readHistoryFilters('?state=PENDING&from=2026-02-30&to=yesterday&agent=')).toEqual({});
    expect(readHistoryFilters('?state=denied')).toEqual({});
    expect(readHistoryFilters('?state=DENIED&from=2026-02-28')).toEqual({ state: 'DENIED', from: '2026-02-28' });
  });

  it('has one address for one view and none for no filter', () => {
    expect(historySearch({})).toBe('');
    expect(historySearch({ to: '2026-11-30', state: 'DENIED' })).toBe('?state=DENIED&to=2026-11-30');
  });

  it('asks the API for the whole of both days, the end exclusive at the next local midnight', () => {
    const variables = historyVariables({ from: '2026-11-01', to: '2026-11-30', agent: 'a' });
    expect(new Date(variables.requestedFrom!)).toEqual(new Date(2026, 10, 1));
    expect(new Date(variables.requestedTo!)).toEqual(new Date(2026, 11, 1));
    expect(variables.agent).toBe('a');
    expect(historyVariables({})).toEqual({ state: undefined, agent: undefined, requestedFrom: undefined, requestedTo: undefined });
  });

  it('notices a span that ends before it starts, and only that', () => {
    expect(spanIsBackwards({ from: '2026-11-30', to: '2026-11-01' })).toBe(true);
    expect(spanIsBackwards({ from: '2026-11-30', to: '2026-11-30' })).toBe(false);
    expect(spanIsBackwards({ from: '2026-11-30' })).toBe(false);
  });

  it('keeps who decided in the address and asks the API for rule approvals, or for the rest', () => {
    expect(readHistoryFilters('?decidedBy=rule')).toEqual({ decidedBy: 'rule' });
    expect(readHistoryFilters('?decidedBy=robot')).toEqual({});
    expect(historySearch({ decidedBy: 'other', state: 'DENIED' })).toBe('?state=DENIED&decidedBy=other');
    expect(historyVariables({ decidedBy: 'rule' }).byRule).toBe(true);
    expect(historyVariables({ decidedBy: 'other' }).byRule).toBe(false);
    expect(historyVariables({}).byRule).toBeUndefined();
  });
});
