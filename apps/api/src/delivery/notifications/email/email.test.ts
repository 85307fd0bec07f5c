import { describe, expect } from 'vitest';
import type { Database } from '../../../platform/db/database.js';
import { EventBus } from '../../../platform/events/bus.js';
import { dbTest, testConfig, testLog } from '../../../../test/fixtures.js';
import { closedPort, startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../../test/smtp-receiver.js';
import { text, unique, waitFor, TestApi, type SignedInOwner } from '../../../../test/testkit.js';
import { spawnApi } from '../../../../test/spawn-api.js';

/** A public URL with a path prefix, unlike the server's own address: links must come from it, never from HOST/PORT. */
const PUBLIC_URL = 'https://countersign.example.test/console';
const FROM = 'Countersign <countersign@example.test>';
const MESSAGE_ID = /^<[0-9a-f-]{36}@countersign\.example\.test>$/;

/** An API instance (with its outbox worker) whose email goes to `smtpUrl`. */
async function startMailApi(database: Database, smtpUrl: string): Promise<{ api: TestApi; close(): Promise<void> }> {
  const bus = new EventBus(database.url, testLog);
  await bus.start();
  const server = await spawnApi({ config: testConfig({ publicUrl: PUBLIC_URL, mail: { smtpUrl, from: FROM } }), db: database, bus, log: testLog });
  return {
    api: new TestApi(server.url, database, bus),
    close: async () => {
      await server.close();
      await bus.stop();
    },
  };
}

/** `mailTest`: an SMTP receiver taking every message, and an API mailing it. */
const mailTest = dbTest.extend<{ smtp: SmtpReceiver; api: TestApi }>({
  // eslint-disable-next-line no-empty-pattern -- vitest finds a fixture's dependencies by reading its first parameter, which must be a destructuring; this one has none
  smtp: async ({}, use) => {
    const receiver = await startSmtpReceiver();
    await use(receiver);
    await receiver.close();
  },
  api: async ({ database, smtp }, use) => {
    const running = await startMailApi(database, smtp.url);
    await use(running.api);
    await running.close();
  },
});

const SET = `mutation($input: SetEmailPreferenceInput!) { setEmailPreference(input: $input) { email { event mode digestMinutes } } }`;

async function setPreference(api: TestApi, owner: SignedInOwner, event: string, mode: string, digestMinutes?: number) {
  const response = await api.graphql(SET, { input: { event, mode, digestMinutes } }, { cookie: owner.cookie });
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
}

/** The agent asks to mint a write token for a fresh repository (its result is a real credential, taken once). */
async function mintRequest(api: TestApi, owner: SignedInOwner, summary: string, reason?: string) {
  const name = unique('Release bot');
  const agent = { ...(await api.agent(owner, name)), name };
  const repo = await api.repository(owner);
  const response = await api.request(agent.key, {
    op: 'repository.mintToken',
    repository: repo.name,
    input: { scopes: ['write'], ttlHours: 3 },
    summary,
    reason,
  });
  return { agent, repo, id: text(response.data?.requestSignOff?.signOff?.id), effect: `A write token for ${repo.name}, valid 3 hours` };
}

/** The attempts recorded for a request's email notifications, oldest first. */
async function emailAttempts(api: TestApi, signOffId: string) {
  const { rows } = await api.db.pool.query<{ attempt: number; status: number | null; error: string | null; done: boolean }>(
    `SELECT a.attempt, a.status, a.error, o.done_at IS NOT NULL AS done FROM outbox o JOIN outbox_attempts a ON a.outbox_id = o.id
      WHERE o.channel = 'email' AND o.sign_off_id = $1::uuid ORDER BY a.attempt`,
    [signOffId],
  );
  return rows;
}

/** Every event row of the request has been fanned out, but its reminders (which wait for their hour; a claimed row's due time is its lease). */
async function fannedOut(api: TestApi, signOffId: string): Promise<boolean> {
  const { rows } = await api.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE channel = 'event' AND sign_off_id = $1::uuid AND done_at IS NULL AND event <> 'SIGN_OFF_EXPIRING'`,
    [signOffId],
  );
  return rows[0]!.n === 0;
}

function everything(mail: ReceivedMail): string {
  return `${mail.subject}\n${mail.text}\n${mail.html}\n${mail.raw}`;
}

describe('email notifications', () => {
  mailTest(
    "a new request reaches the owner's inbox as text and HTML: who asks, what will happen, the risk, the time left and the request page's link from the public URL; never a secret",
    async ({ api, smtp }) => {
      const owner = await api.owner();
      // A decided and finished request is told too, so the mails span the moment its secret exists.
      await setPreference(api, owner, 'SIGN_OFF_FINISHED', 'IMMEDIATE');
      const { agent, id, effect } = await mintRequest(api, owner, 'Ship <b>v2</b> & tag it', 'The "release" needs <script>alert(1)</script> a token');
      await waitFor(() => smtp.received.length >= 1);
      const asked = smtp.received[0]!;
      expect(asked.to).toEqual([owner.email]);
      expect(asked.from).toContain('<countersign@example.test>');
      expect(asked.messageId).toMatch(MESSAGE_ID);
      // The subject and the text lead with the effect the server computed; the agent's words come after, marked as its own.
      expect(asked.subject).toBe(`Countersign: ${agent.name} asks: ${effect}`);
      const link = `${PUBLIC_URL}/inbox/${id}`;
      for (const part of [asked.text, asked.html]) expect(part).toContain(link);
      expect(asked.text.split('\n').slice(0, 3)).toEqual([`${agent.name} asks: ${effect}`, '', `What will happen: ${effect}`]);
      expect(asked.text).toContain('Agent says: “Ship <b>v2</b> & tag it”');
      expect(asked.text).toContain('Agent says why: “The "release" needs <script>alert(1)</script> a token”');
      expect(asked.text.indexOf('Risk: Medium risk')).toBeLessThan(asked.text.indexOf('Agent says:'));
      expect(asked.text).toMatch(/Time left: \d+ (day|hour)/);
      expect(asked.text).toContain('Opening the link decides nothing.');
      expect(asked.html).toContain(`<a href="${link}">`);
      expect(asked.html).toContain('Ship &lt;b&gt;v2&lt;/b&gt; &amp; tag it');
      expect(asked.html).not.toContain('<script>');
      expect(asked.html).not.toContain('<b>');
      expect(asked.html).toContain('where you decide signed in');
      // The server's own address is no part of any link.
      expect(everything(asked)).not.toContain(new URL(api.url).host);

      expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
      const token = text((await api.take(agent.key, id)).secret?.token);
      await waitFor(() => smtp.received.length >= 2);
      expect(smtp.received[1]!.subject).toBe(`Countersign: Done: ${effect}`);
      expect(smtp.received[1]!.messageId).toMatch(MESSAGE_ID);
      expect(smtp.received[1]!.messageId).not.toBe(asked.messageId);
      for (const mail of smtp.received) {
        const all = everything(mail);
        expect(all).not.toContain(token);
        expect(all).not.toContain(agent.key);
        expect(all).not.toMatch(/whsec_|csk_|cso_/);
        expect(all).not.toContain(owner.cookie.split('=')[1]!);
      }
    },
  );

  dbTest('a refused message is tried again under the same Message-ID, each attempt recorded', async ({ database }) => {
    const smtp = await startSmtpReceiver({ answer: (n) => (n === 1 ? { code: 451, message: 'Try again later' } : undefined) });
    const running = await startMailApi(database, smtp.url);
    try {
      const api = running.api;
      const owner = await api.owner();
      const { id } = await mintRequest(api, owner, 'Tag the release');
      await waitFor(() => smtp.received.length === 1);
      expect(smtp.attempts).toHaveLength(2);
      expect(smtp.attempts[0]!.messageId).toMatch(MESSAGE_ID);
      expect(smtp.attempts[1]!.messageId).toBe(smtp.attempts[0]!.messageId);
      await waitFor(async () => (await emailAttempts(api, id)).length === 2);
      const attempts = await emailAttempts(api, id);
      expect(attempts.map((a) => [a.attempt, a.status, a.done])).toEqual([
        [1, null, true],
        [2, null, true],
      ]);
      expect(attempts[0]!.error).toContain('451');
      expect(attempts[1]!.error).toBeNull();
    } finally {
      await running.close();
      await smtp.close();
    }
  });

  dbTest(
    'with the SMTP server down the request is stored and decidable, attempts are recorded, and the mail arrives once the server is up',
    async ({ database }) => {
      const port = await closedPort();
      const running = await startMailApi(database, `smtp://127.0.0.1:${port}`);
      let smtp: SmtpReceiver | undefined;
      try {
        const api = running.api;
        const owner = await api.owner();
        const { id } = await mintRequest(api, owner, 'Rotate the deploy key');
        await waitFor(async () => (await emailAttempts(api, id)).length >= 2);
        const failed = await emailAttempts(api, id);
        expect(failed.every((a) => a.status === null && a.error !== null && !a.done)).toBe(true);
        expect(failed[0]!.error).toMatch(/ECONNREFUSED|connect/i);

        const read = await api.graphql(`query($id: ID!) { signOff(id: $id) { state } }`, { id }, { cookie: owner.cookie });
        expect(read.data?.signOff?.state).toBe('PENDING');
        expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });

        smtp = await startSmtpReceiver({ port });
        await waitFor(() => smtp!.received.length === 1, 20_000);
        expect(smtp.received[0]!.text).toContain(`${PUBLIC_URL}/inbox/${id}`);
        await waitFor(async () => (await emailAttempts(api, id)).some((a) => a.done && a.error === null));
      } finally {
        await running.close();
        await smtp?.close();
      }
    },
  );

  mailTest('an event whose preference is OFF sends nothing', async ({ api, smtp }) => {
    const owner = await api.owner();
    const settings = await api.graphql(`{ notificationSettings { emailAvailable } }`, {}, { cookie: owner.cookie });
    expect(settings.data?.notificationSettings?.emailAvailable).toBe(true);
    await setPreference(api, owner, 'SIGN_OFF_REQUESTED', 'OFF');
    await setPreference(api, owner, 'SIGN_OFF_DECIDED', 'IMMEDIATE');
    const { id, effect } = await mintRequest(api, owner, 'Quiet request');
    await waitFor(() => fannedOut(api, id));
    expect((await api.db.pool.query(`SELECT 1 FROM outbox WHERE channel IN ('email', 'digest')`)).rowCount).toBe(0);
    await api.decide(owner.cookie, id, false, 'not now');
    await waitFor(() => smtp.received.length >= 1);
    // The decision's mail came after the request's event was fanned out: had the request been mailed, it would be here.
    expect(smtp.received.map((mail) => mail.subject)).toEqual([`Countersign: Denied: ${effect}`]);
  });

  mailTest('DIGEST gathers several events into one email, under the digest row’s Message-ID, and a later event opens a new digest', async ({ api, smtp }) => {
    const owner = await api.owner();
    await setPreference(api, owner, 'SIGN_OFF_REQUESTED', 'DIGEST', 5);
    const ids: string[] = [];
    for (const summary of ['First <i>one</i>', 'Second one', 'Third one']) ids.push((await mintRequest(api, owner, summary)).id);
    for (const id of ids) await waitFor(() => fannedOut(api, id));
    const waiting = await api.db.pool.query<{ eventId: string; minutes: number }>(
      `SELECT event_id AS "eventId", (extract(epoch FROM due_at - created_at) / 60)::float8 AS minutes FROM outbox WHERE channel = 'digest' AND done_at IS NULL`,
    );
    expect(waiting.rows).toHaveLength(1);
    expect(waiting.rows[0]!.minutes).toBeGreaterThan(4.9);
    expect(smtp.received).toEqual([]);

    // Five minutes pass: the digest falls due (moved in SQL rather than waited for).
    await api.db.pool.query(`UPDATE outbox SET due_at = now() WHERE channel = 'digest' AND done_at IS NULL`);
    await waitFor(() => smtp.received.length === 1);
    const digest = smtp.received[0]!;
    expect(digest.subject).toBe('Countersign: 3 notifications from Countersign');
    expect(digest.messageId).toBe(`<${waiting.rows[0]!.eventId}@countersign.example.test>`);
    for (const id of ids) expect(digest.text).toContain(`${PUBLIC_URL}/inbox/${id}`);
    expect(digest.text.indexOf('Agent says: “First <i>one</i>”')).toBeLessThan(digest.text.indexOf('Agent says: “Third one”'));
    expect(digest.html).toContain('Agent says: “First &lt;i&gt;one&lt;/i&gt;”');
    expect(digest.html).not.toContain('<i>');
    expect(digest.text).toContain('Opening the link decides nothing.');
    await waitFor(async () => (await api.db.pool.query(`SELECT 1 FROM outbox WHERE channel = 'digest' AND done_at IS NULL`)).rowCount === 0);
    expect((await api.db.pool.query(`SELECT 1 FROM outbox WHERE channel = 'digest'`)).rowCount).toBe(1);
    const bound = await api.db.pool.query<{ digestId: string }>(`SELECT DISTINCT digest_id AS "digestId" FROM email_digest_entries`);
    expect(bound.rows).toEqual([{ digestId: waiting.rows[0]!.eventId }]);

    const later = await mintRequest(api, owner, 'Fourth one');
    await waitFor(() => fannedOut(api, later.id));
    const next = await api.db.pool.query<{ eventId: string }>(`SELECT event_id AS "eventId" FROM outbox WHERE channel = 'digest' AND done_at IS NULL`);
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]!.eventId).not.toBe(waiting.rows[0]!.eventId);
  });
});
