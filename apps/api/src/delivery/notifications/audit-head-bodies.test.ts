import { describe, expect, test } from 'vitest';
import type { SignedHead } from '../../domains/audit/signed-head.js';
import { digestEntryOf } from './email/digest-render.js';
import { emailModel } from './email/render.js';
import { headline } from './headline.js';
import type { Notice } from './notice.js';
import { pushMessage } from './push/message.js';
import { slackBody } from './slack-body.js';
import { standardBody } from './standard-body.js';

const head: SignedHead = {
  tenantId: '6d1c3f4e-0000-4000-8000-000000000001',
  seq: 42,
  hash: 'a'.repeat(64),
  signedAt: '2026-12-09T10:00:00.000Z',
  kid: 'audit-1',
  publicKey: 'q'.repeat(43),
  signature: 's'.repeat(86),
};

const notice: Notice = {
  eventId: '6d1c3f4e-0000-4000-8000-0000000000e1',
  type: 'AUDIT_HEAD_SIGNED',
  at: new Date('2026-12-09T10:00:01.000Z'),
  tenantId: head.tenantId,
  ownerId: '6d1c3f4e-0000-4000-8000-0000000000a1',
  ownerEmail: 'owner@example.com',
  link: 'http://127.0.0.1/',
  auditHead: head,
};

describe('AUDIT_HEAD_SIGNED in every channel (docs/audit.md, L4)', () => {
  test('carries the whole signed head to endpoints, Slack and email, names no agent, and is not pushed', () => {
    expect(JSON.parse(standardBody(notice))).toEqual({
      type: 'AUDIT_HEAD_SIGNED',
      timestamp: '2026-12-09T10:00:01.000Z',
      data: { link: notice.link, auditHead: head },
    });
    const slack = slackBody(notice);
    expect(slack).toContain(JSON.stringify(head).replace(/"/g, '\\"'));
    expect(slack).not.toContain('*Agent*');
    expect(headline(notice)).toBe('Audit log signed at entry 42: keep this signed head');
    expect(emailModel(notice).facts).toEqual([
      ['Entry', '42'],
      ['Signed head', JSON.stringify(head)],
    ]);
    expect(digestEntryOf(notice, 30)).toMatchObject({ headline: headline(notice), agent: 'Countersign', summary: null });
    expect(pushMessage(notice)).toBeNull();
  });
});
