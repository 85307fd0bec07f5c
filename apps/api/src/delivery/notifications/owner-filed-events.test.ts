import { describe, expect, test } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { createEndpoint, distinct, eventRows, typeOf } from '../../../test/notify-kit.js';
import { fromJson, text, waitFor, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { undecided } from '../../../test/notice-kit.js';
import { digestEntryOf, renderDigest } from './email/digest-render.js';
import { renderEmail } from './email/render.js';
import { parseEvent } from './events.js';
import { headline } from './headline.js';
import type { Notice } from './notice.js';
import { pushMessage } from './push/message.js';
import { effectOf } from './read-notice.js';
import { slackBody } from './slack-body.js';
import { standardBody } from './standard-body.js';

// docs/sign-offs.md, rule S21: an owner-to-owner request has no agent, so its
// outbox events carry `agentId: null` (written by the notification trigger);
// it is told to the co-owners who must approve it, naming the owner who
// proposed it (docs/notifications.md, N17).

describe('an owner-to-owner request’s event', () => {
  test('is read with no agent (""), not refused as not fitting the event map', () => {
    const row = { ownerId: 'o', signOffId: 's', agentId: null };
    expect(parseEvent(JSON.stringify({ type: 'SIGN_OFF_REQUESTED', ...row }))).toEqual({ type: 'SIGN_OFF_REQUESTED', ...row, agentId: '' });
    expect(parseEvent(JSON.stringify({ type: 'SIGN_OFF_EXPIRING', ...row, hoursLeft: 24 }))).toMatchObject({ agentId: '', hoursLeft: 24 });
    // Only a sign-off's event may lack its agent.
    expect(() => parseEvent(JSON.stringify({ type: 'AGENT_REVOKED', ownerId: 'o', agentId: null }))).toThrow(/agentId/);
  });
});

const AT = new Date('2026-12-01T10:00:00Z');

/** A co-owner's notice of alice's proposal to let repository.delete run with one approval, as readNotice makes it. */
function proposal(type: Notice['type'], extra: Partial<Notice> = {}): Notice {
  const notice: Notice = {
    eventId: '0b7e2d1c-7a55-4f0e-9d55-2c4f1e6a9b01',
    type,
    at: AT,
    tenantId: 't',
    ownerId: 'bob',
    ownerEmail: 'bob@example.com',
    link: 'https://countersign.example.com/inbox/5b1e',
    signOff: {
      id: '5b1e',
      op: 'tenant.changePolicy',
      opVersion: 1,
      description: 'Lower the approvals an operation needs',
      irreversible: false,
      risk: 'HIGH',
      riskReasons: ['It weakens the two-person rule: repository.delete would need only 1 approval.'],
      agent: null,
      proposedBy: { id: 'alice', email: 'alice@example.com' },
      repository: null,
      input: { op: 'repository.delete', approvalsRequired: 1 },
      inputHash: 'h',
      summary: 'Let repository.delete run with 1 approval',
      reason: null,
      ...undecided(AT, 'PARTIALLY_APPROVED'),
    },
    ...extra,
  };
  return { ...notice, effect: effectOf(notice.signOff!, { operationInputSchema: null }) };
}

describe('an owner-to-owner request’s notification', () => {
  test('names the proposing owner by email in the headline, email, digest, push, Slack and webhook body, never an agent', () => {
    const requested = proposal('SIGN_OFF_REQUESTED');
    const effect = 'Lets repository.delete run with one owner’s approval';
    expect(headline(requested)).toBe(`alice@example.com proposes: ${effect}`);

    const email = renderEmail(requested);
    expect(email.subject).toContain(`alice@example.com proposes: ${effect}`);
    expect(email.text).toMatch(/Proposed by\W+alice@example\.com/);
    expect(email.text).toContain('alice@example.com says: “Let repository.delete run with 1 approval”');
    expect(email.html).toContain('alice@example.com');
    expect(`${email.text}${email.html}`).not.toMatch(/\bAgent\b/);

    const entry = digestEntryOf(requested, 60);
    expect(entry).toMatchObject({ headline: `alice@example.com proposes: ${effect}`, agent: 'alice@example.com' });
    expect(renderDigest([entry]).text).toContain('alice@example.com · High risk');
    expect(renderDigest([entry]).text).toContain('alice@example.com says: “Let repository.delete run with 1 approval”');

    expect(pushMessage(requested)).toMatchObject({
      tag: 'sign-off-5b1e',
      title: 'alice@example.com proposes a change',
      body: `${effect}\nHigh risk · 7 days left to decide\nalice@example.com says: “Let repository.delete run with 1 approval”`,
    });
    const reminder = pushMessage(proposal('SIGN_OFF_EXPIRING', { hoursLeft: 24, at: new Date(AT.getTime() + 6 * 24 * 3600_000) }));
    expect(reminder?.title).toBe('24 hours left: alice@example.com proposes');
    expect(reminder?.body).toBe(`${effect}\nHigh risk · 24 hours left to decide\nalice@example.com says: “Let repository.delete run with 1 approval”`);

    const slack = JSON.parse(slackBody(requested)) as { text: string; blocks: { fields?: { text: string }[] }[] };
    expect(slack.text).toBe(`alice@example.com proposes: ${effect}`);
    const fields = slack.blocks.flatMap((block) => block.fields ?? []).map((field) => field.text);
    expect(fields[0]).toBe('*Proposed by*\nalice@example.com');
    expect(fields.some((field) => field.startsWith('*Agent*'))).toBe(false);

    const body = fromJson(standardBody(requested));
    expect(body.data?.signOff).toMatchObject({ agent: null, proposedBy: { id: 'alice', email: 'alice@example.com' } });
    expect(body.data?.agent).toBeUndefined();

    for (const type of ['SIGN_OFF_REQUESTED', 'SIGN_OFF_EXPIRING', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_CLOSED'] as const) {
      const notice = proposal(type, type === 'SIGN_OFF_EXPIRING' ? { hoursLeft: 1 } : {});
      const rendered = [headline(notice), JSON.stringify(renderEmail(notice)), slackBody(notice), standardBody(notice), JSON.stringify(pushMessage(notice))];
      expect(rendered.join('\n'), type).not.toMatch(/undefined|null asks| asks: /);
      expect(headline(notice).startsWith(' '), type).toBe(false);
    }
  });
});

const INVITE = `mutation($input: InviteOwnerInput!) {
  inviteOwner(input: $input) { __typename ... on OwnerInvitationProposed { signOff { id } } }
}`;
const DECIDE = `mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename ... on SignOffDecided { signOff { state } } } }`;

async function coOwners(api: TestApi): Promise<[SignedInOwner, SignedInOwner]> {
  const alice = await api.owner();
  return [alice, await api.owner(alice.tenantName)];
}

describe('an owner-to-owner request told to the owners', () => {
  apiTest(
    'reaches a co-owner’s webhook as SIGN_OFF_REQUESTED naming its proposer, never the proposer; both hear its decision, and the next request is told as ever',
    async ({ api }) => {
      const receivers = [await startReceiver(answerJson(200, {})), await startReceiver(answerJson(200, {}))];
      try {
        const [alice, bob] = await coOwners(api);
        for (const [i, who] of [alice, bob].entries()) {
          const endpoint = await createEndpoint(api, who, { url: receivers[i]!.url, events: ['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED'] });
          receivers[i]!.secret.value = endpoint.secret;
        }
        const [toAlice, toBob] = receivers as [(typeof receivers)[0], (typeof receivers)[0]];
        const invited = await api.graphql(INVITE, { input: { note: 'for Carol' } }, { cookie: alice.cookie });
        expect(invited.data?.inviteOwner?.__typename).toBe('OwnerInvitationProposed');
        const id = text(invited.data!.inviteOwner!.signOff!.id);

        await waitFor(() => distinct(toBob.received).length >= 1, 20_000);
        const asked = distinct(toBob.received)[0]!;
        expect(asked.verified).toBe(true);
        expect(asked.body).not.toContain('undefined');
        expect(fromJson(asked.body)).toMatchObject({
          type: 'SIGN_OFF_REQUESTED',
          data: {
            signOff: {
              id,
              op: 'tenant.inviteOwner',
              state: 'PARTIALLY_APPROVED',
              agent: null,
              proposedBy: { email: alice.email },
              summary: 'Invite another owner (for Carol)',
            },
          },
        });

        const decided = await api.graphql(DECIDE, { input: { id, approve: true } }, { cookie: bob.cookie });
        expect(decided.data?.decideSignOff).toMatchObject({ __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED' } });
        // Every event the request wrote is fanned out and delivered (the reminders wait for their time).
        await waitFor(
          async () => (await eventRows(api, { signOffId: id })).filter((row) => row.event !== 'SIGN_OFF_EXPIRING').every((row) => row.done),
          20_000,
        );
        expect(distinct(toBob.received).map(typeOf)).toEqual(['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED']);
        // The proposer filed and approved it: not asked, but told how it ended.
        expect(distinct(toAlice.received).map(typeOf)).toEqual(['SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED']);
        for (const delivery of [...distinct(toAlice.received), ...distinct(toBob.received)]) {
          expect(delivery.verified).toBe(true);
          expect(fromJson(delivery.body).data?.signOff).toMatchObject({ id, agent: null, proposedBy: { email: alice.email } });
        }
        const requestedRows = (await eventRows(api, { signOffId: id })).filter((row) => row.event === 'SIGN_OFF_REQUESTED' && row.channel === 'event');
        expect(requestedRows).toHaveLength(1);

        // An agent's request afterwards is told to its owner as before.
        const agent = await api.agent(alice);
        const repo = await api.repository(alice);
        const next = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
        await waitFor(() => distinct(toAlice.received).length >= 3, 20_000);
        expect(distinct(toAlice.received).map((delivery) => [typeOf(delivery), fromJson(delivery.body).data?.signOff?.id])[2]).toEqual([
          'SIGN_OFF_REQUESTED',
          next,
        ]);
      } finally {
        await Promise.all(receivers.map((receiver) => receiver.close()));
      }
    },
  );
});
