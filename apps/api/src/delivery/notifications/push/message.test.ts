import { describe, expect, test } from 'vitest';
import { undecided } from '../../../../test/notice-kit.js';
import type { Notice } from '../notice.js';
import { effectOf } from '../read-notice.js';
import { pushMessage } from './message.js';

const AT = new Date('2026-12-01T10:00:00Z');

/** A notice of a request to pay an invoice, its effect described as readNotice describes it (by the operation's schema). */
function notice(type: Notice['type'], overrides: Partial<Notice> = {}, signOff: Partial<NonNullable<Notice['signOff']>> = {}): Notice {
  const built: Notice = {
    eventId: '7d4c1a52-4a37-4c57-9d2e-1f6a0a0b8c11',
    type,
    at: AT,
    tenantId: 't',
    ownerId: 'o',
    ownerEmail: 'owner@example.com',
    link: 'https://countersign.example.com/inbox/5b1e',
    agent: { id: 'a', name: 'Billing bot', revokedAt: null },
    signOff: {
      id: '5b1e',
      op: 'invoice.pay',
      opVersion: 1,
      description: 'Pays invoice INV-7 from the company account.',
      irreversible: true,
      risk: 'HIGH',
      riskReasons: ['It cannot be undone.'],
      agent: { id: 'a', name: 'Billing bot' },
      proposedBy: null,
      repository: null,
      input: { invoice: 'INV-7' },
      inputHash: 'h',
      summary: 'Pay INV-7',
      reason: null,
      ...undecided(AT),
      ...signOff,
    },
    ...overrides,
  };
  const schema = JSON.stringify({ type: 'object', properties: { invoice: { type: 'string', title: 'Invoice' } } });
  return built.signOff ? { ...built, effect: effectOf(built.signOff, { operationInputSchema: schema }), ...overrides } : built;
}

describe('pushMessage', () => {
  test('a request: who asks, then its effect as the server computed it, the risk in words, the time left and what the agent says, tagged by the request and linking to its page', () => {
    const message = pushMessage(notice('SIGN_OFF_REQUESTED', {}, { summary: 'Pay a small bill' }));
    expect(message).toEqual({
      tag: 'sign-off-5b1e',
      title: 'Billing bot asks for a sign-off',
      body: 'Pays invoice INV-7 from the company account.: Invoice: “INV-7”\nHigh risk, irreversible · 7 days left to decide\nAgent says: “Pay a small bill”',
      url: 'https://countersign.example.com/inbox/5b1e',
    });
  });

  test('a reminder replaces the request’s notification (same tag) with the time left', () => {
    const reminder = pushMessage(notice('SIGN_OFF_EXPIRING', { hoursLeft: 1, at: new Date(AT.getTime() + (7 * 24 - 1) * 3600_000) }));
    expect(reminder).toMatchObject({ tag: 'sign-off-5b1e', title: '1 hour left: Billing bot asks' });
    expect(reminder?.body).toMatch(/^Pays invoice INV-7.*60 minutes left to decide\nAgent says: “Pay INV-7”$/s);
  });

  test('a decision closes the notification with the same tag', () => {
    expect(pushMessage(notice('SIGN_OFF_DECIDED', {}, { state: 'APPROVED' }))).toEqual({
      tag: 'sign-off-5b1e',
      title: 'Approved: Pays invoice INV-7 from the company account.: Invoice: “INV-7”',
      body: '',
      url: 'https://countersign.example.com/inbox/5b1e',
      close: true,
    });
  });

  test('results, authorities and agents are not pushed', () => {
    expect(pushMessage(notice('SIGN_OFF_FINISHED', {}, { state: 'SUCCEEDED' }))).toBeNull();
    expect(pushMessage(notice('AGENT_REVOKED', { signOff: undefined }))).toBeNull();
    expect(pushMessage(notice('AUTHORITY_LOW', { signOff: undefined, dimension: 'tokens' }))).toBeNull();
  });

  test('long text is cut, never an emoji split, so the message stays far inside the 4 KB a push service takes', () => {
    const long = '💸'.repeat(5000);
    const message = pushMessage(
      notice('SIGN_OFF_REQUESTED', { agent: { id: 'a', name: long, revokedAt: null } }, { summary: long, description: long, agent: { id: 'a', name: long } }),
    )!;
    expect(Array.from(message.title)).toHaveLength(120);
    expect(message.title.endsWith('💸…')).toBe(true);
    expect(message.body.split('\n').map((line) => Array.from(line).at(-1))).toEqual(['…', 'e', '…']);
    expect(message.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(3000);
  });
});
