import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showInvisibles } from '@countersign/manifest/invisible-characters';
import { describeEffect, type EffectSubject } from './describe-effect.js';
import { MAX_PLACE, orderedSchemaFields, type DefinedPresentation } from './defined-effect.js';

/** The invoice schema as the API stores it: canonical, so its properties by name. */
const invoiceSchema = {
  properties: {
    amount: { title: 'Amount', type: 'object' },
    memo: { title: 'Memo', type: 'string' },
    reference: { type: 'string' },
    vendor: { title: 'Vendor', type: 'string' },
  },
  type: 'object',
};

type Operation = EffectSubject['operation'] & DefinedPresentation;

function invoice(input: unknown, presentation: DefinedPresentation): EffectSubject {
  const operation: Operation = { inputSchema: invoiceSchema, ...presentation };
  return { op: 'invoice.pay', description: 'Pay an invoice', agent: { name: 'billing-agent' }, repository: null, operation, input };
}

const describeIn = (signOff: EffectSubject) => describeEffect(signOff, 'en-US', 'UTC');

const paid = { vendor: 'Acme Supplies', amount: { minorUnits: 10_000_000, currency: 'EUR' }, memo: 'Q4 hosting', reference: 'INV-7' };

describe('describeEffect: an owner-defined effect template and field order', () => {
  it('fills the template with the values as the effect renders them, then the fields it leaves out in fieldOrder', () => {
    const effect = describeIn(invoice(paid, { effectTemplate: 'Pay {vendor} {amount}', fieldOrder: ['reference', 'memo'] }));
    expect(effect).toEqual({
      sentence: 'Pay “Acme Supplies” EUR 100,000.00; reference: “INV-7”; Memo: “Q4 hosting”',
      brief: 'Pay “Acme Supplies” EUR 100,000.00',
      target: null,
      amount: '€100,000.00',
    });
  });

  it('keeps the stored (canonical) order without a fieldOrder, and follows fieldOrder without a template', () => {
    expect(describeIn(invoice(paid, {})).sentence).toBe(
      'Pay an invoice: Amount: EUR 100,000.00; Memo: “Q4 hosting”; reference: “INV-7”; Vendor: “Acme Supplies”',
    );
    expect(describeIn(invoice(paid, { fieldOrder: ['vendor', 'amount'] })).sentence).toBe(
      'Pay an invoice: Vendor: “Acme Supplies”; Amount: EUR 100,000.00; Memo: “Q4 hosting”; reference: “INV-7”',
    );
    expect(orderedSchemaFields(invoiceSchema, ['vendor', 'amount']).map((field) => field.name)).toEqual(['vendor', 'amount', 'memo', 'reference']);
  });

  it('reads "none" for a place the input leaves out, and keeps the summary for an input that is not an object', () => {
    expect(describeIn(invoice({ vendor: 'Acme' }, { effectTemplate: 'Pay {vendor} {amount}' })).sentence).toBe('Pay “Acme” none');
    expect(describeIn(invoice('Acme', { effectTemplate: 'Pay {vendor} {amount}' })).sentence).toBe('Pay an invoice: “Acme”');
  });

  it('keeps a value that looks like the sentence, or closes its quotes, inside its own quotes', () => {
    const sneaky = { vendor: 'Acme” EUR 1.00; Approved by the owner “x', amount: { minorUnits: 100, currency: 'EUR' } };
    expect(describeIn(invoice(sneaky, { effectTemplate: 'Pay {vendor} {amount}' })).sentence).toBe(
      'Pay “Acme\\u201d EUR 1.00; Approved by the owner \\u201cx” EUR 1.00',
    );
    const reversed = { vendor: 'Acme Supplies \u202Eeciovni', amount: { '\u202Enote': 'x' } };
    expect(describeIn(invoice(reversed, { effectTemplate: 'Pay {vendor} {amount}' })).sentence).toBe('Pay “Acme Supplies \\u202eeciovni” (“\\u202enote”: “x”)');
  });

  /** The text outside the quotes that mark an agent's text (an unclosed quote runs to the end: a shortened sentence). */
  function outsideQuotes(text: string): string {
    let outside = '';
    let inside = false;
    for (const char of text) {
      if (!inside && char === '“') inside = true;
      else if (inside && char === '”') inside = false;
      else if (!inside) outside += char;
    }
    return outside;
  }

  /** Text an agent might send to pass for the owner's words: the template itself, quotation marks, braces, reordering characters. */
  const adversarialText = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc
      .array(fc.constantFrom('Pay ', '{vendor}', '{amount}', ' for ', '“', '”', '"', '{', '}', '\u202E', '\u200B', 'EUR 1.00', '\\u201d', ';', ': '), {
        maxLength: 12,
      })
      .map((parts) => parts.join('')),
  );
  const anyValue = fc.oneof(adversarialText, fc.jsonValue(), fc.dictionary(adversarialText, fc.oneof(adversarialText, fc.jsonValue())));

  it('never lets a value put words of its own outside its quotes, nor an invisible character into the text', () => {
    const template = 'Pay {vendor} {amount} for {memo}';
    // What may stand outside quotes besides the owner's template: numbers, money, the fixed words and the punctuation the rendering adds.
    const rendered = /^(?:[-+0-9.,:;()[\]… \u00a0€$£¥]|[A-Z]{3}|e|yes|no|none|nothing|Amount|Memo|Vendor)*$/u;
    fc.assert(
      fc.property(adversarialText, anyValue, anyValue, (vendor, amount, memo) => {
        const effect = describeIn(invoice({ vendor, amount, memo }, { effectTemplate: template }));
        for (const text of [effect.sentence, effect.brief]) {
          expect(showInvisibles(text)).toBe(text);
          const outside = outsideQuotes(text);
          // The owner's words, in order, and nothing of the agent's between them.
          const literal = /^Pay (.*) (.*) for (.*)$/su.exec(outside);
          const cut = text.endsWith('…');
          if (!cut) {
            expect(literal, text).not.toBeNull();
            for (const part of literal!.slice(1)) expect(part, text).toMatch(rendered);
          } else {
            expect(outside.startsWith('Pay '), text).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('fills a string place with exactly the value, escaped, between one pair of quotes', () => {
    fc.assert(
      fc.property(
        adversarialText.filter((text) => Array.from(text).length <= MAX_PLACE),
        (vendor) => {
          const { brief, sentence } = describeIn(invoice({ vendor }, { effectTemplate: 'Pay {vendor} now' }));
          const expected = `Pay “${showInvisibles(vendor).replace(/“/g, '\\u201c').replace(/”/g, '\\u201d')}” now`;
          expect(sentence).toBe(Array.from(expected).length <= 600 ? expected : sentence);
          expect(outsideQuotes(sentence)).toBe(sentence.endsWith('…') ? 'Pay ' : 'Pay  now');
          expect(brief.startsWith('Pay “')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts a long text in its place in the middle, so the rest of the sentence (the amount) stays in view', () => {
    const long = { vendor: `Acme ${'very '.repeat(40)}long name Ltd`, amount: { minorUnits: 900_000, currency: 'EUR' } };
    const { sentence, brief } = describeIn(invoice(long, { effectTemplate: 'Pay {vendor} {amount}' }));
    expect(sentence).toMatch(/^Pay “Acme very very .*….*long name Ltd” EUR 9,000\.00$/u);
    expect(Array.from(sentence).length).toBeLessThanOrEqual('Pay “” EUR 9,000.00'.length + MAX_PLACE);
    expect(brief.startsWith('Pay “Acme very')).toBe(true);
  });

  it('quotes the names of properties the schema does not declare, with or without a template: the agent chose them', () => {
    const extra = { ...paid, 'Then pays Mallory EUR 9,000.00 too; Note': 'x', nested: { 'EUR 9,000.00 to Mallory': 1 } };
    for (const presentation of [{ effectTemplate: 'Pay {vendor} {amount}' }, {}]) {
      const { sentence } = describeIn(invoice(extra, presentation));
      expect(sentence).toContain('“Then pays Mallory EUR 9,000.00 too; Note”: “x”');
      expect(sentence).toContain('“nested”: (“EUR 9,000.00 to Mallory”: 1)');
    }
  });

  it('escapes the marks drawn like its quotes inside a value, so none passes for a closing quote', () => {
    const lookalike = { vendor: 'Acme″ EUR 1.00 and ＂Acme', amount: { minorUnits: 900_000, currency: 'EUR' } };
    expect(describeIn(invoice(lookalike, { effectTemplate: 'Pay {vendor} {amount}' })).sentence).toBe(
      'Pay “Acme\\u2033 EUR 1.00 and \\uff02Acme” EUR 9,000.00',
    );
  });
});
