import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { undecided } from '../../../test/notice-kit.js';
import { NOTIFICATION_EVENTS, parseEvent } from './events.js';
import type { Notice } from './notice.js';
import { consoleLink } from './notice.js';
import { slackBody } from './slack-body.js';
import { standardBody } from './standard-body.js';

const agentText = fc.string({ maxLength: 300, unit: 'binary' });

/** A request notice whose every agent-written field is arbitrary text. */
const notice = fc
  .record({
    type: fc.constantFrom('SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_EXPIRING' as const),
    summary: agentText,
    reason: fc.option(agentText, { nil: null }),
    agentName: agentText,
    description: agentText,
    input: fc.jsonValue(),
  })
  .map(({ type, summary, reason, agentName, description, input }): Notice => ({
    eventId: '00000000-0000-4000-8000-000000000001',
    type,
    at: new Date('2026-12-01T10:00:00.000Z'),
    tenantId: 't',
    ownerId: 'o',
    ownerEmail: 'owner@example.test',
    link: 'https://countersign.example/inbox/1',
    agent: { id: 'a', name: agentName, revokedAt: null },
    ...(type === 'SIGN_OFF_EXPIRING' ? { hoursLeft: 1 } : {}),
    signOff: {
      id: '1',
      op: 'x.y',
      opVersion: 1,
      description,
      irreversible: false,
      risk: 'HIGH',
      riskReasons: [],
      agent: { id: 'a', name: agentName },
      proposedBy: null,
      repository: null,
      input,
      inputHash: '0'.repeat(64),
      summary,
      reason,
      ...undecided(new Date('2026-12-01T10:00:00.000Z')),
    },
  }));

/** Every string of a Block Kit body that Slack reads as mrkdwn or plain text. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => (key === 'url' || key === 'type' ? [] : texts(inner)));
  return [];
}

describe('notification bodies (properties)', () => {
  test('Slack: no agent text becomes markup (no mention, link or formatting token), blocks stay within Slack limits, the button opens the request page', () => {
    fc.assert(
      fc.property(notice, (n) => {
        const body = JSON.parse(slackBody(n)) as { text: string; blocks: { type: string; text?: { text: string }; elements?: { url: string }[] }[] };
        for (const text of texts(body.blocks)) {
          // The one control sequence Countersign writes itself is the date token.
          expect(text.replace(/<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^<>]+>/g, '')).not.toMatch(/[<>]/);
        }
        expect(body.text).not.toMatch(/[<>]/);
        expect(body.blocks[0]!.text!.text.length).toBeLessThanOrEqual(150);
        for (const block of body.blocks) if (block.type === 'section' && block.text) expect(block.text.text.length).toBeLessThanOrEqual(3000);
        expect(body.blocks.at(-1)!.elements![0]!.url).toBe(n.link);
      }),
    );
  });

  test('Standard Webhooks: the body is JSON of the type, time and the request as given, whatever the agent wrote', () => {
    fc.assert(
      fc.property(notice, (n) => {
        const body = JSON.parse(standardBody(n)) as { type: string; timestamp: string; data: { signOff: unknown; link: string } };
        expect(body).toEqual({
          type: n.type,
          timestamp: '2026-12-01T10:00:00.000Z',
          data: { link: n.link, signOff: JSON.parse(JSON.stringify(n.signOff)) as unknown, ...(n.hoursLeft ? { hoursLeft: n.hoursLeft } : {}) },
        });
      }),
    );
  });

  test('an event row that does not fit the typed map is refused, never half-read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOTIFICATION_EVENTS), fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue()), (type, extra) => {
        const row = JSON.stringify({ ...extra, type });
        let parsed: unknown;
        try {
          parsed = parseEvent(row);
        } catch {
          return;
        }
        // Read only when every field of the type is there with its JSON type.
        expect(parsed).toMatchObject({ type });
      }),
    );
    expect(() => parseEvent(JSON.stringify({ type: 'SIGN_OFF_EATEN' }))).toThrow(/unknown type/);
    expect(() => parseEvent(JSON.stringify({ type: 'SIGN_OFF_EXPIRING', ownerId: 'o', signOffId: 's', agentId: 'a', hoursLeft: '24' }))).toThrow(/hoursLeft/);
  });

  test('console links stay under the public URL, a path prefix included', () => {
    expect(consoleLink('https://example.com/countersign', '/inbox/1')).toBe('https://example.com/countersign/inbox/1');
    expect(consoleLink('https://example.com/', '/agents')).toBe('https://example.com/agents');
    expect(consoleLink('http://127.0.0.1:4000', 'inbox/2')).toBe('http://127.0.0.1:4000/inbox/2');
  });
});
