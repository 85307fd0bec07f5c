import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AgentSays } from './sign-off-display';

/** The text a reader (and assistive technology) gets of the markup. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('AgentSays, on the request page and in History', () => {
  it('marks the agent’s summary and reason as its words, the right-to-left override escaped, so it never reads as “… invoice”', () => {
    const signOff = {
      agent: { __typename: 'Agent' as const, id: 'a', name: 'billing-bot' },
      proposedBy: null,
      summary: 'Pay Acme Supplies \u202Eeciovni',
      reason: 'Due\ntoday',
    };
    const summary = textOf(renderToStaticMarkup(<AgentSays signOff={signOff} />));
    expect(summary).toBe('Agent says: “Pay Acme Supplies \\u202eeciovni”');
    expect(summary).not.toContain('\u202E');
    expect(textOf(renderToStaticMarkup(<AgentSays signOff={signOff} why />))).toBe('Agent says why: “Due today”');
  });

  it('names an owner who proposed as the speaker, and shows nothing for a reason not given', () => {
    const proposal = {
      agent: null,
      proposedBy: { __typename: 'Owner' as const, id: 'o', email: 'alice@acme.test' },
      summary: 'Invite another owner',
      reason: null,
    };
    expect(textOf(renderToStaticMarkup(<AgentSays signOff={proposal} />))).toBe('alice@acme.test says: “Invite another owner”');
    expect(renderToStaticMarkup(<AgentSays signOff={proposal} why />)).toBe('');
  });
});
