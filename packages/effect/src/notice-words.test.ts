import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentSays, agentText, askerLine, riskInWords } from './notice-words.js';

/** What changes how text reads without showing: bidi controls and isolates, marks, zero widths, the BOM, line and paragraph separators, C0/C1 controls. */
// eslint-disable-next-line no-control-regex -- the controls are what the test looks for
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/u;

/** Text an agent may write, leaning on what hides or reorders it. */
const written = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('\u202e', '\u202d', '\u2066', '\u2067', '\u2069', '\u200f', '\u200b', '\ufeff', '\u001b[2J', '\r', '\n', '\t', '\u2028', 'Risk: LOW'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('the agent’s words in a notification', () => {
  it('"Pay Acme Supplies \\u202Eeciovni" is shown with its override escaped, never as "… invoice"', () => {
    const said = agentSays('Pay Acme Supplies \u202Eeciovni');
    expect(said).toBe('Agent says: “Pay Acme Supplies \\u202eeciovni”');
    expect(said).not.toMatch(HIDDEN);
  });

  it('keeps nothing hidden or direction-changing and starts no line of its own, whatever the agent wrote; marked and quoted as its words', () => {
    fc.assert(
      fc.property(written, (text) => {
        const shown = agentText(text);
        expect(shown).not.toMatch(HIDDEN);
        expect(shown).not.toMatch(/[\n\r\t]/);
        const said = agentSays(text);
        expect(said.startsWith('Agent says: “')).toBe(true);
        expect(said.endsWith('”')).toBe(true);
        expect(said).toBe(`Agent says: “${shown}”`);
      }),
      { numRuns: 500 },
    );
  });

  it('names an owner who proposed as the speaker, says who asks, and gives the risk in words', () => {
    expect(agentSays('Let repository.delete run with 1 approval', 'alice@acme.test')).toBe('alice@acme.test says: “Let repository.delete run with 1 approval”');
    expect(askerLine('token\u202ebot', false)).toBe('token\\u202ebot asks');
    expect(askerLine('alice@acme.test', true)).toBe('alice@acme.test proposes');
    expect([riskInWords('LOW', false), riskInWords('MEDIUM', false), riskInWords('HIGH', true)]).toEqual([
      'Low risk',
      'Medium risk',
      'High risk, irreversible',
    ]);
  });
});
