import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeEffect, type EffectSubject } from './describe-effect.js';

/** A request as the Inbox holds it; each test overrides what it is about. */
function subject(overrides: Partial<EffectSubject> & Pick<EffectSubject, 'op' | 'input'>): EffectSubject {
  return {
    description: 'Something the server says',
    agent: { name: 'billing-agent' },
    repository: { name: 'billing-service' },
    operation: { inputSchema: {} },
    ...overrides,
  };
}

const describeIn = (signOff: EffectSubject) => describeEffect(signOff, 'en-US', 'UTC');

describe('describeEffect: built-in operations', () => {
  it('a spending grant names the agent, the ceiling in its currency, the draws and the window', () => {
    const grant = subject({ op: 'authority.grant', repository: null, input: { name: 'cloud bills', minorUnits: 10_000_000, currency: 'EUR', draws: 40 } });
    expect(describeIn(grant)).toEqual({
      sentence: 'Grants billing-agent €100,000.00 over at most 40 draws, from now, no end date',
      brief: 'Grant €100,000.00',
      target: 'billing-agent',
      amount: '€100,000.00',
    });
  });

  it('a grant with tokens, per-draw caps and a window says each of them', () => {
    const grant = subject({
      op: 'authority.grant',
      repository: null,
      input: {
        name: 'model budget',
        tokens: 2_000_000,
        minorUnits: 50_000,
        currency: 'USD',
        perDrawMinorUnits: 2_500,
        perDrawTokens: 10_000,
        notBefore: '2026-12-01T09:00:00Z',
        notAfter: '2027-01-01T00:00:00+01:00',
      },
    });
    expect(describeIn(grant).sentence).toBe(
      'Grants billing-agent USD 500.00 and 2,000,000 tokens, at most USD 25.00 and 10,000 tokens a draw, from Dec 1, 2026, 9:00 AM UTC, until Dec 31, 2026, 11:00 PM UTC',
    );
    // In the browser's own zone (the console's), the zone goes unsaid.
    expect(describeEffect(grant).sentence).toMatch(/, from Dec 1, 2026, \d{1,2}:00 [AP]M, until (Dec 31, 2026|Jan 1, 2027), \d{1,2}:00 [AP]M$/);
  });

  it('a grant of draws alone says the draws are of any size', () => {
    const effect = describeIn(subject({ op: 'authority.grant', repository: null, input: { name: 'calls', draws: 1 } }));
    expect(effect.sentence).toBe('Grants billing-agent at most 1 draw, of any size, from now, no end date');
    expect(effect.brief).toBe('Grant 1 draw');
    expect(effect.amount).toBeNull();
  });

  it('a transfer names the repository and who receives it', () => {
    expect(describeIn(subject({ op: 'repository.transfer', input: { to: 'finance@acme.test' } }))).toEqual({
      sentence: 'Hands repository billing-service to finance@acme.test',
      brief: 'Transfer to finance@acme.test',
      target: 'billing-service',
      amount: null,
    });
  });

  it('a minted token says what it may do and how long it lives, in words', () => {
    const site = { __typename: 'Repository' as const, id: 'repo-2', name: 'site' };
    expect(describeIn(subject({ op: 'repository.mintToken', repository: site, input: { scopes: ['write'], ttlHours: 720 } }))).toEqual({
      sentence: 'A write token for site, valid 30 days',
      brief: 'Write token, 30 days',
      target: 'site',
      amount: null,
    });
    expect(describeIn(subject({ op: 'repository.mintToken', repository: site, input: { scopes: ['read'], ttlHours: 12 } })).sentence).toBe(
      'A read-only token for site, valid 12 hours',
    );
    expect(describeIn(subject({ op: 'repository.mintToken', repository: site, input: { scopes: ['read', 'write'], ttlHours: 30 } }))).toMatchObject({
      sentence: 'A read and write token for site, valid 1 day 6 hours',
      brief: 'Read and write token, 1 day 6 hours',
    });
  });

  it('deleting, serving and unserving name the repository', () => {
    expect(describeIn(subject({ op: 'repository.delete', input: {} }))).toEqual({
      sentence: 'Deletes repository billing-service for good and revokes its tokens',
      brief: 'Delete repository',
      target: 'billing-service',
      amount: null,
    });
    expect(describeIn(subject({ op: 'repository.serve', input: {} }))).toMatchObject({
      sentence: 'Serves repository billing-service again',
      brief: 'Serve repository',
    });
    expect(describeIn(subject({ op: 'repository.unserve', input: {} }))).toMatchObject({
      sentence: 'Stops serving repository billing-service',
      brief: 'Stop serving',
    });
  });

  it('an input the operation would not accept falls back to the server’s description', () => {
    const malformed = [
      subject({ op: 'repository.transfer', input: { to: 42 } }),
      subject({ op: 'repository.mintToken', input: { scopes: ['admin'], ttlHours: 5 } }),
      subject({ op: 'repository.mintToken', input: { scopes: ['read'], ttlHours: 1.5 } }),
      subject({ op: 'authority.grant', input: { name: 'x', minorUnits: 100 } }),
      subject({ op: 'authority.grant', input: { name: 'x', draws: 3, notAfter: 'next week' } }),
      subject({ op: 'authority.grant', input: [] }),
      subject({ op: 'repository.delete', input: {}, repository: null }),
    ];
    for (const signOff of malformed) expect(describeIn(signOff).sentence).toBe('Something the server says');
  });

  it('shows invisible characters an agent put in its text as escapes', () => {
    const effect = describeIn(subject({ op: 'repository.transfer', input: { to: 'evil\u202e@acme.test' } }));
    expect(effect.sentence).toBe('Hands repository billing-service to evil\\u202e@acme.test');
  });
});

describe('describeEffect: owner-defined operations', () => {
  const refundSchema = {
    type: 'object',
    properties: {
      order: { type: 'string', title: 'Order' },
      amount: { type: 'object', title: 'Amount' },
      lines: {
        type: 'array',
        title: 'Lines',
        items: { type: 'object', properties: { sku: { title: 'SKU' }, quantity: { title: 'Quantity' } } },
      },
      restock: { type: 'boolean', title: 'Put back in stock' },
    },
  };
  const refund = (input: unknown) =>
    subject({
      op: 'shop.refund',
      description: 'Refund an order',
      repository: null,
      operation: { inputSchema: refundSchema },
      input,
    });

  it('renders the input by the schema’s titles, money in its currency, nested values readable', () => {
    const effect = describeIn(
      refund({
        note: 'damaged',
        restock: false,
        lines: [
          { sku: 'A-1', quantity: 2 },
          { sku: 'B-2', quantity: 1 },
        ],
        amount: { minorUnits: 5000, currency: 'EUR' },
        order: 'A-1001',
      }),
    );
    expect(effect).toEqual({
      sentence:
        'Refund an order: Order: “A-1001”; Amount: EUR 50.00; Lines: (SKU: “A-1”, Quantity: 2), (SKU: “B-2”, Quantity: 1); Put back in stock: no; “note”: “damaged”',
      brief: 'Refund an order',
      target: null,
      amount: '€50.00',
    });
  });

  it('falls back to property names without a schema, and to the summary alone for an empty input', () => {
    const bare = subject({ op: 'email.send', description: 'Send an email', input: { to: ['a@x.test', 'b@x.test'], urgent: true } });
    expect(describeIn(bare).sentence).toBe('Send an email: “to”: “a@x.test”, “b@x.test”; “urgent”: yes');
    expect(describeIn({ ...bare, input: {} }).sentence).toBe('Send an email');
  });

  it('keeps a long input to a readable length', () => {
    const effect = describeIn(refund({ order: 'x'.repeat(5000) }));
    expect(Array.from(effect.sentence).length).toBeLessThanOrEqual(600);
    expect(effect.sentence.endsWith('…')).toBe(true);
  });
});

describe('describeEffect: any input', () => {
  const ops = [
    'repository.serve',
    'repository.unserve',
    'repository.delete',
    'repository.transfer',
    'repository.mintToken',
    'authority.grant',
    'shop.refund',
    'constructor',
    '__proto__',
  ];

  it('never throws and always has a sentence and a brief, whatever JSON the agent sent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ops), fc.jsonValue(), fc.jsonValue(), fc.option(fc.string(), { nil: null }), (op, input, inputSchema, repositoryName) => {
        const signOff = subject({
          op,
          input,
          repository: repositoryName === null ? null : { name: repositoryName },
          operation: { inputSchema },
        });
        const effect = describeEffect(signOff, 'en-US');
        expect(effect.sentence.trim()).not.toBe('');
        expect(effect.brief.trim()).not.toBe('');
        expect(Array.from(effect.brief).length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it('never throws on grant-shaped inputs with values of any kind', () => {
    const field = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.constantFrom('EUR', 'JPY', 'XYZ', '2026-12-01T00:00:00Z'));
    const terms = fc.record(
      {
        name: fc.string(),
        minorUnits: field,
        currency: field,
        tokens: field,
        draws: field,
        perDrawMinorUnits: field,
        perDrawTokens: field,
        notBefore: field,
        notAfter: field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(terms, (input) => {
        const effect = describeEffect(subject({ op: 'authority.grant', repository: null, input }), 'en-US');
        expect(effect.sentence.trim()).not.toBe('');
      }),
    );
  });
});
