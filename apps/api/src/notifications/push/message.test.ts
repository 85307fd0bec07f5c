import { describe, expect, test } from 'vitest';
import type { Notice } from '../notice.js';
import { pushMessage } from './message.js';

const AT = new Date('2026-12-01T10:00:00Z');

function notice(type: Notice['type'], overrides: Partial<Notice> = {}, signOff: Partial<NonNullable<Notice['signOff']>> = {}): Notice {
  return {
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
      input: { invoice: 'INV-7', cardNumber: '4111 1111 1111 1111' },
      inputHash: 'h',
      summary: 'Pay INV-7',
      reason: null,
      state: 'PENDING',
      requestedAt: AT.toISOString(),
      expiresAt: new Date(AT.getTime() + 7 * 24 * 3600_000).toISOString(),
      decidedAt: null,
      note: null,
      finishedAt: null,
      result: null,
      failure: null,
      ...signOff,
    },
    ...overrides,
  };
}

describe('pushMessage', () => {
  test('a request: who asks for what, its effect, risk and time left, tagged by the request and linking to its page; never its input', () => {
    const message = pushMessage(notice('SIGN_OFF_REQUESTED'));
    expect(message).toEqual({
      tag: 'sign-off-5b1e',
      title: 'Billing bot asks: Pay INV-7',
      body: 'Pays invoice INV-7 from the company account.\nRisk high, irreversible · 7 days left to decide',
      url: 'https://countersign.example.com/inbox/5b1e',
    });
    expect(JSON.stringify(message)).not.toContain('4111');
  });

  test('a reminder replaces the request’s notification (same tag) with the time left', () => {
    const reminder = pushMessage(notice('SIGN_OFF_EXPIRING', { hoursLeft: 1, at: new Date(AT.getTime() + (7 * 24 - 1) * 3600_000) }));
    expect(reminder).toMatchObject({ tag: 'sign-off-5b1e', title: '1 hour left to decide: Pay INV-7' });
    expect(reminder?.body).toMatch(/^Billing bot asks\. Pays invoice.*60 minutes left to decide$/s);
  });

  test('a decision closes the notification with the same tag', () => {
    expect(pushMessage(notice('SIGN_OFF_DECIDED', {}, { state: 'APPROVED' }))).toEqual({
      tag: 'sign-off-5b1e',
      title: 'Approved: Pay INV-7',
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
    const message = pushMessage(notice('SIGN_OFF_REQUESTED', {}, { summary: long, description: long }))!;
    expect(Array.from(message.title)).toHaveLength(120);
    expect(message.title.endsWith('💸…')).toBe(true);
    expect(message.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(3000);
  });
});
