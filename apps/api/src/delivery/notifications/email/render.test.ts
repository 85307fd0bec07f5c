import { agentText as shownAs } from '@countersign/effect';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { NOTIFICATION_EVENTS, type NotificationEventName } from '../events.js';
import type { Notice } from '../notice.js';
import { digestEntryOf, renderDigest } from './digest-render.js';
import { duration, renderEmail } from './render.js';

const LINK = 'https://countersign.example.test/console/inbox/6d1c3f4e-0000-4000-8000-000000000001';

/** Text an agent may write, leaning on what HTML gives a meaning to. */
const agentText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '<',
        '>',
        '&',
        '"',
        "'",
        '/',
        '=',
        ' ',
        '\n',
        'script',
        'img src=x onerror=alert(1)',
        '<a href="https://evil.example">',
        '&lt;',
        '-->',
        'é',
      ),
      {
        maxLength: 20,
      },
    )
    .map((parts) => parts.join('')),
);

function notice(type: NotificationEventName, text: { agent: string; summary: string; description: string; reason: string; note: string }): Notice {
  const at = new Date('2026-11-30T12:00:00Z');
  return {
    eventId: '6d1c3f4e-0000-4000-8000-00000000000e',
    type,
    at,
    tenantId: '6d1c3f4e-0000-4000-8000-00000000000a',
    ownerId: '6d1c3f4e-0000-4000-8000-00000000000b',
    ownerEmail: 'owner@example.test',
    link: LINK,
    agent: { id: '6d1c3f4e-0000-4000-8000-00000000000c', name: text.agent, revokedAt: type === 'AGENT_REVOKED' ? at.toISOString() : null },
    ...(type.startsWith('SIGN_OFF')
      ? {
          signOff: {
            id: '6d1c3f4e-0000-4000-8000-000000000001',
            op: 'repository.mintToken',
            opVersion: 1,
            description: text.description,
            irreversible: true,
            risk: 'HIGH' as const,
            riskReasons: ['It cannot be undone.'],
            agent: { id: '6d1c3f4e-0000-4000-8000-00000000000c', name: text.agent },
            proposedBy: null,
            repository: null,
            input: {},
            inputHash: 'h',
            summary: text.summary,
            reason: text.reason,
            state: type === 'SIGN_OFF_REQUESTED' || type === 'SIGN_OFF_EXPIRING' ? 'PENDING' : 'SUCCEEDED',
            requestedAt: at.toISOString(),
            expiresAt: new Date(at.getTime() + 26 * 3_600_000 + 5 * 60_000).toISOString(),
            decidedAt: null,
            note: text.note,
            finishedAt: null,
            result: null,
            failure: text.note,
          },
        }
      : {}),
    ...(type === 'SIGN_OFF_EXPIRING' ? { hoursLeft: 1 } : {}),
    ...(type.startsWith('AUTHORITY')
      ? {
          dimension: 'tokens' as const,
          authority: {
            id: 'a',
            name: text.summary,
            agent: { id: 'c', name: text.agent },
            currency: null,
            ceiling: { tokens: 100, minorUnits: null, draws: null },
            drawn: { tokens: 80, minorUnits: 0, draws: 3 },
            remaining: { tokens: 20, minorUnits: null, draws: null },
          },
        }
      : {}),
  };
}

/** The events that carry an agent's text; AUDIT_HEAD_SIGNED carries none (audit-head-bodies.test.ts renders it). */
const EVENTS: NotificationEventName[] = NOTIFICATION_EVENTS.filter((event) => event !== 'AUDIT_HEAD_SIGNED');

/** The tags the templates write; whatever is left after removing them must hold no markup at all. */
const TEMPLATE_TAG = /<!doctype html>|<\/?(?:html|body|h2|table|tr|th|td|p|a|ul|li|br|span)(?:\s[^<>]*)?>/g;

describe('email rendering', () => {
  test('no agent text can add a tag, an attribute or a link to the HTML, in any email or digest; the text part keeps it on one line, invisibles escaped, marked as the agent’s', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EVENTS), agentText, agentText, agentText, agentText, agentText, (type, agent, summary, description, reason, note) => {
        const n = notice(type, { agent, summary, description, reason, note });
        const email = renderEmail(n);
        const digest = renderDigest([digestEntryOf(n, 5), digestEntryOf(notice('SIGN_OFF_REQUESTED', { agent, summary, description, reason, note }), 5)]);
        for (const html of [email.html, digest.html]) {
          const rest = html.replace(TEMPLATE_TAG, '');
          expect(rest).not.toMatch(/[<>]/);
          expect(html.match(/<a /g)?.length).toBe(html === email.html ? 1 : 2);
          expect(html.match(/href="([^"]*)"/g)?.every((href) => href === `href="${LINK}"`)).toBe(true);
        }
        for (const subject of [email.subject, digest.subject]) expect(subject).not.toMatch(/[\r\n]/);
        expect(email.text).toContain(`Agent: ${shownAs(agent)}`);
        if (type.startsWith('SIGN_OFF')) {
          expect(email.text).toContain(`\nAgent says: “${shownAs(summary)}”\n`);
          // No agent text starts a line of its own: after the headline, every line is one of the template's.
          for (const line of email.text.split('\n').slice(1)) expect(line).toMatch(/^$|^[A-Z0-9][^:]*(: |$)|^Open the request: |^The link opens/);
        }
      }),
      { numRuns: 300 },
    );
  });

  test.each(EVENTS)('%s: says who, what, and where to decide signed in, with the link', (type) => {
    const email = renderEmail(
      notice(type, { agent: 'Release bot', summary: 'Ship v2', description: 'Mints a write token', reason: 'CI needs it', note: 'ok' }),
    );
    expect(email.subject.startsWith('Countersign: ')).toBe(true);
    for (const part of [email.text, email.html]) {
      expect(part).toContain(LINK);
      expect(part).toContain('Release bot');
      expect(part).toContain('Opening the link decides nothing.');
    }
    if (type.startsWith('SIGN_OFF')) {
      expect(email.text).toContain('What will happen: Mints a write token');
      expect(email.text).toContain('Risk: High risk, irreversible: it cannot be undone. It cannot be undone.');
      expect(email.text.indexOf('What will happen:')).toBeLessThan(email.text.indexOf('Agent says: “Ship v2”'));
    }
    if (type === 'SIGN_OFF_REQUESTED') expect(email.text).toContain('Time left: 1 day 2 hours (the request closes at 2026-12-01T14:05:00.000Z)');
    if (type === 'SIGN_OFF_EXPIRING') expect(email.text).toContain('Time left: 1 hour (');
  });

  test('time left reads in days, hours and minutes, rounded down, never negative', () => {
    expect(duration(0, 3 * 86_400_000)).toBe('3 days');
    expect(duration(0, 86_400_000 + 3_600_000)).toBe('1 day 1 hour');
    expect(duration(0, 5 * 3_600_000 + 20 * 60_000 + 59_000)).toBe('5 hours 20 minutes');
    expect(duration(0, 60_000)).toBe('1 minute');
    expect(duration(10_000, 0)).toBe('0 minutes');
  });
});
