import { agentSays } from '@countersign/effect';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { undecided } from '../../../test/notice-kit.js';
import { digestEntryOf, renderDigest } from './email/digest-render.js';
import { renderEmail } from './email/render.js';
import type { Notice } from './notice.js';
import { pushMessage } from './push/message.js';
import { effectOf } from './read-notice.js';
import { escapeMrkdwn, slackBody } from './slack-body.js';
import { standardBody } from './standard-body.js';

// Issue 26, item 4 (docs/console.md, UI8; docs/notifications.md, N18): the
// agent's own words are marked as its words and shown escaped on every
// channel; a JSON webhook body keeps them raw in their own fields.

/** Characters that reorder or hide text: bidi embeddings, overrides, isolates and marks, zero widths, the BOM. */
const DIRECTION_OR_HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

const PAY = 'Pay Acme Supplies \u202Eeciovni';
const SHOWN = 'Pay Acme Supplies \\u202eeciovni';

/** Text around the disguised summary, leaning on what Slack, HTML and a line-based text part give a meaning to. */
const around = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.constantFrom('*', '_', '~', '`', '```', '<!channel>', '<a href=x>', '&amp;', '\n', '\u2067', '\u200b'),
    ),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));

function notice(type: Notice['type'], summary: string, reason: string | null): Notice {
  const at = new Date('2026-12-01T10:00:00.000Z');
  const base: Notice = {
    eventId: '00000000-0000-4000-8000-000000000001',
    type,
    at,
    tenantId: 't',
    ownerId: 'o',
    ownerEmail: 'owner@example.test',
    link: 'https://countersign.example/inbox/1',
    agent: { id: 'a', name: 'billing-bot', revokedAt: null },
    ...(type === 'SIGN_OFF_EXPIRING' ? { hoursLeft: 1 } : {}),
    signOff: {
      id: '1',
      op: 'invoice.pay',
      opVersion: 1,
      description: 'Pay an invoice',
      irreversible: true,
      risk: 'HIGH',
      riskReasons: [],
      agent: { id: 'a', name: 'billing-bot' },
      proposedBy: null,
      repository: null,
      input: { vendor: 'Acme Supplies', amount: { minorUnits: 54_000, currency: 'USD' } },
      inputHash: '0'.repeat(64),
      summary,
      reason,
      ...undecided(at),
    },
  };
  return { ...base, effect: effectOf(base.signOff!, { operationInputSchema: null }) };
}

/** Every text a channel shows for a notice: push title and body, the email's subject, text and HTML, a digest of it, the Slack body (its own zero-width guards dropped). */
function shown(n: Notice): string[] {
  const email = renderEmail(n);
  const digest = renderDigest([digestEntryOf(n, 5)]);
  const push = pushMessage(n);
  return [
    push?.title ?? '',
    push?.body ?? '',
    email.subject,
    email.text,
    email.html,
    digest.text,
    digest.html,
    slackBody(n).replace(/\u200b([*_~`])\u200b/g, '$1'),
  ];
}

/** Slack's mrkdwn read back: our zero-width guards dropped, its three entities decoded. */
function unescapeMrkdwn(text: string): string {
  return text
    .replace(/\u200b([*_~`])\u200b/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('the agent’s words on every channel (properties)', () => {
  test('"Pay Acme Supplies \\u202Eeciovni" never displays as "… invoice": push, email, digest and Slack show the override escaped, marked as the agent’s; the JSON body keeps it raw in its own field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('SIGN_OFF_REQUESTED', 'SIGN_OFF_EXPIRING' as const),
        around,
        around,
        fc.option(around, { nil: null }),
        (type, before, after, reason) => {
          const n = notice(type, `${before}${PAY}${after}`, reason);
          for (const text of shown(n)) {
            expect(text).not.toMatch(DIRECTION_OR_HIDDEN);
            expect(text).not.toContain('\u202E');
          }
          const [, pushBody, , emailText, , digestText] = shown(n);
          for (const text of [emailText, digestText]) expect(text).toMatch(/Agent says: “[^\n]*Pay Acme Supplies \\u202eeciovni/);
          // A push body bounds the agent's words (MAX_SAYS): what it shows is the escaped line, whole or cut with an ellipsis.
          const says = pushBody!.split('\n').find((line) => line.startsWith('Agent says: “'))!;
          const whole = agentSays(n.signOff!.summary).replace(/\s+/g, ' ').trim();
          if (says.endsWith('…') && says !== whole) expect(whole.startsWith(says.slice(0, -1))).toBe(true);
          else expect(says).toContain(SHOWN);
          expect(slackBody(n)).toContain(SHOWN.replace(/\\/g, '\\\\'));
          // The effect leads, before the agent's words.
          expect(pushBody!.indexOf('Pay an invoice')).toBe(0);
          const body = JSON.parse(standardBody(n)) as { data: { signOff: { summary: string; reason: string | null } } };
          expect(body.data.signOff).toMatchObject({ summary: `${before}${PAY}${after}`, reason });
        },
      ),
      { numRuns: 200 },
    );
  });

  test('Slack: no agent text can open or close a mrkdwn span or a control sequence, and reads back exactly as written', () => {
    fc.assert(
      fc.property(around, (text) => {
        const escaped = escapeMrkdwn(text);
        // Every formatting character stands between zero-width spaces, so it can neither open nor close bold, italics, strike or code.
        expect(escaped.replace(/\u200b[*_~`]\u200b/g, '')).not.toMatch(/[*_~`]/);
        expect(escaped).not.toMatch(/[<>]/);
        expect(escaped.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
        expect(unescapeMrkdwn(escaped)).toBe(text);
      }),
      { numRuns: 500 },
    );
    const slack = JSON.parse(slackBody(notice('SIGN_OFF_REQUESTED', 'Pay *now* _or_ ~never~ `rm -rf`', null))) as { blocks: { text?: { text: string } }[] };
    expect(slack.blocks[1]!.text!.text).toContain(
      'Agent says: “Pay \u200b*\u200bnow\u200b*\u200b \u200b_\u200bor\u200b_\u200b \u200b~\u200bnever\u200b~\u200b \u200b`\u200brm -rf\u200b`\u200b”',
    );
  });
});
