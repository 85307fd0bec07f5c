import { describe, expect } from 'vitest';
import { EventBus } from '../../platform/events/bus.js';
import { dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { createEndpoint, distinct } from '../../../test/notify-kit.js';
import { ask, define } from '../../../test/operations-kit.js';
import { registerDevice, serverVapidKey } from '../../../test/push-kit.js';
import { startPushReceiver } from '../../../test/push-receiver.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { fromJson, text, unique, waitFor, TestApi } from '../../../test/testkit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { spawnApi } from '../../../test/spawn-api.js';

// Issue 26, item 5 (docs/notifications.md, N18): every channel leads with the
// effect the server computes, in the console's words, then the risk in
// words, then what the agent says — never the agent's claim as the effect.

/** `channelsTest`: an SMTP receiver and an API (with its outbox worker) mailing it; endpoints and devices are added per test. */
const channelsTest = dbTest.extend<{ smtp: SmtpReceiver; api: TestApi }>({
  // eslint-disable-next-line no-empty-pattern -- vitest finds a fixture's dependencies by reading its first parameter, which must be a destructuring; this one has none
  smtp: async ({}, use) => {
    const receiver = await startSmtpReceiver();
    await use(receiver);
    await receiver.close();
  },
  api: async ({ database, smtp }, use) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({
      config: testConfig({ mail: { smtpUrl: smtp.url, from: 'Countersign <countersign@example.test>' } }),
      db: database,
      bus,
      log: testLog,
    });
    await use(new TestApi(server.url, database, bus));
    await server.close();
    await bus.stop();
  },
});

interface SlackBody {
  text: string;
  blocks: { type: string; text?: { text: string } }[];
}

describe('every channel leads with the effect', () => {
  channelsTest(
    'a read and write token for 30 days reaches the webhook, Slack, email and push as that effect, never as the agent’s “Read-only token”',
    async ({ api, smtp }) => {
      const standard = await startReceiver(answerJson(200, {}));
      const slack = await startReceiver(answerJson(200, {}));
      const push = await startPushReceiver({ vapidPublicKey: () => serverVapidKey(api), subject: 'mailto:countersign@127.0.0.1' });
      try {
        const owner = await api.owner();
        standard.secret.value = (await createEndpoint(api, owner, { url: standard.url, events: ['SIGN_OFF_REQUESTED'] })).secret;
        await createEndpoint(api, owner, { url: slack.url, events: ['SIGN_OFF_REQUESTED'], format: 'SLACK' });
        await registerDevice(api, owner, push.subscribe());
        const agentName = unique('token-bot');
        const agent = { ...(await api.agent(owner, agentName)), name: agentName };
        const repo = await api.repository(owner);
        const asked = await api.request(agent.key, {
          op: 'repository.mintToken',
          repository: repo.name,
          input: { scopes: ['read', 'write'], ttlHours: 720 },
          summary: 'Read-only token',
          reason: 'Only reads the docs',
        });
        const id = text(asked.data?.requestSignOff?.signOff?.id);
        const effect = `A read and write token for ${repo.name}, valid 30 days`;
        const says = 'Agent says: “Read-only token”';
        await waitFor(
          () => distinct(standard.received).length >= 1 && slack.received.length >= 1 && smtp.received.length >= 1 && push.received.length >= 1,
          20_000,
        );

        // JSON: the effect first, the agent's words raw in their own fields.
        const body = fromJson(distinct(standard.received)[0]!.body);
        expect(Object.keys(body.data as object)[0]).toBe('effect');
        expect(body.data?.effect).toEqual({ sentence: effect, brief: 'Read and write token, 30 days', target: repo.name, amount: null });
        expect(body.data?.signOff).toMatchObject({ id, summary: 'Read-only token', reason: 'Only reads the docs' });

        // Slack: the header, the fallback text and the detail's first line.
        const blocks = (JSON.parse(slack.received[0]!.body) as SlackBody).blocks;
        expect(blocks[0]!.text!.text).toBe(`${agent.name} asks: ${effect}`);
        expect((JSON.parse(slack.received[0]!.body) as SlackBody).text).toBe(`${agent.name} asks: ${effect}`);
        expect(blocks[1]!.text!.text.split('\n')).toEqual([`*${effect}*`, 'Medium risk', says, 'Agent says why: “Only reads the docs”']);

        // Email: the subject and the text's first fact; the HTML leads its table with it.
        const mail = smtp.received[0]!;
        expect(mail.subject).toBe(`Countersign: ${agent.name} asks: ${effect}`);
        const lines = mail.text.split('\n');
        expect(lines[2]).toBe(`What will happen: ${effect}`);
        expect(lines.indexOf(`What will happen: ${effect}`)).toBeLessThan(lines.findIndex((line) => line.startsWith('Risk: Medium risk')));
        expect(lines.findIndex((line) => line.startsWith('Risk: '))).toBeLessThan(lines.indexOf(says));
        expect(mail.html).toMatch(new RegExp(`<table[^>]*><tr><th[^>]*>What will happen</th><td[^>]*>${effect}</td>`));

        // Push: the body's first line, then the risk, then the agent's words.
        const message = JSON.parse(push.received[0]!.plaintext ?? 'null') as { title: string; body: string };
        expect(message.title).toBe(`${agent.name} asks for a sign-off`);
        expect(message.body.split('\n')).toEqual([effect, expect.stringMatching(/^Medium risk · \d+ days left to decide$/), says]);

        // Outside the JSON body's own field, the agent’s claim appears only in quotes, as its words.
        for (const rendered of [slack.received[0]!.body, mail.subject, mail.text, mail.html, message.title, message.body]) {
          expect(rendered).not.toMatch(/(?<!“)Read-only token/);
        }
      } finally {
        await Promise.all([standard.close(), slack.close(), push.close()]);
      }
    },
  );

  channelsTest('a defined operation’s effect template and field order lead every channel as the owner wrote them (O3)', async ({ api, smtp }) => {
    const slack = await startReceiver(answerJson(200, {}));
    const push = await startPushReceiver({ vapidPublicKey: () => serverVapidKey(api), subject: 'mailto:countersign@127.0.0.1' });
    try {
      const owner = await api.owner();
      await createEndpoint(api, owner, { url: slack.url, events: ['SIGN_OFF_REQUESTED'], format: 'SLACK' });
      await registerDevice(api, owner, push.subscribe());
      const op = `mail.send${unique('x').replace(/\W/g, '')}`;
      expect(await define(api, owner, { op, effectTemplate: 'Email {to}', fieldOrder: ['subject', 'amount'] })).toMatchObject({
        __typename: 'OperationDefined',
      });
      const agentName = unique('mail-bot');
      const agent = await api.agent(owner, agentName);
      const asked = await ask(api, agent.key, op, { to: 'bob@example.com', subject: 'Quarterly report', amount: 3 });
      expect(asked.data?.requestSignOff?.__typename).toBe('SignOffRequested');
      const effect = 'Email “bob@example.com”; Subject: “Quarterly report”; amount: 3';
      await waitFor(() => slack.received.length >= 1 && smtp.received.length >= 1 && push.received.length >= 1, 20_000);
      expect((JSON.parse(slack.received[0]!.body) as SlackBody).text).toBe(`${agentName} asks: ${effect}`);
      expect(smtp.received[0]!.subject).toBe(`Countersign: ${agentName} asks: ${effect}`);
      const message = JSON.parse(push.received[0]!.plaintext ?? 'null') as { body: string };
      expect(message.body.split('\n')[0]).toBe(effect);
    } finally {
      await Promise.all([slack.close(), push.close()]);
    }
  });
});
