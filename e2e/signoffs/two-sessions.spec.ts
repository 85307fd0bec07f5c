import type { BrowserContext } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

/**
 * Holds back what the server pushes over the context's WebSockets until
 * released: the console then shows a stale inbox, as one whose events are
 * still on their way would. That is what makes a losing click reproducible
 * rather than a race against the live update.
 */
async function holdableEvents(context: BrowserContext): Promise<{ hold(): void; release(): void }> {
  let held: (string | Buffer)[] | undefined;
  const deliver: ((message: string | Buffer) => void)[] = [];
  await context.routeWebSocket(/\/graphql$/, (socket) => {
    const server = socket.connectToServer();
    const send = (message: string | Buffer) => socket.send(message);
    deliver.push(send);
    server.onMessage((message) => {
      if (held) held.push(message);
      else send(message);
    });
  });
  return {
    hold: () => {
      held = [];
    },
    release: () => {
      const messages = held ?? [];
      held = undefined;
      for (const message of messages) for (const send of deliver) send(message);
    },
  };
}

test('two sessions decide the same request: one wins, the other is told it was already decided', async ({
  browser,
  baseURL,
  locale,
  context: contextA,
  signInAsOwner,
  seedAgent,
}) => {
  // A second browser context: its own cookie jar, so its own session of the same owner.
  const contextB = await browser.newContext({ baseURL, locale });
  try {
    await signInAsOwner(contextA);
    await signInAsOwner(contextB);
    const eventsToB = await holdableEvents(contextB);
    const inboxA = new InboxPage(await contextA.newPage());
    const inboxB = new InboxPage(await contextB.newPage());
    await inboxA.open();
    await inboxB.open();

    const { name, client: agent } = await seedAgent(uniqueName('ops-bot'));
    const repository = await agent.createRepository(uniqueName('shop'));
    const first = (await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the shop' })).signOff;
    const second = (
      await agent.requestSignOff({
        op: 'repository.mintToken',
        repository: repository.name,
        input: { scopes: ['write'], ttlHours: 1 },
        summary: 'Write token for the importer',
      })
    ).signOff;
    const firstTitle = requestTitle(name, first.description);
    const secondTitle = requestTitle(name, second.description);
    for (const inbox of [inboxA, inboxB]) {
      await expect(inbox.pendingRequest(firstTitle)).toBeVisible();
      await expect(inbox.pendingRequest(secondTitle)).toBeVisible();
    }

    await test.step('a decision in one session leaves the other session’s inbox live', async () => {
      // B reads the other request: one open in B's pane would stay there, marked (UI5), rather than leave B's list.
      await inboxB.select(secondTitle);
      await inboxA.deny(firstTitle);
      await expect(inboxA.outcome(firstTitle)).toContainText('Denied. Nothing ran.');
      await expect(inboxB.pendingRequest(firstTitle)).toHaveCount(0);
    });

    await test.step('a click on a request already decided elsewhere loses, and says so', async () => {
      eventsToB.hold();
      // A write token is medium risk: approving confirms its effect.
      await inboxA.approve(secondTitle, { confirm: true });
      await expect(inboxA.outcome(secondTitle)).toContainText('Approved. It ran and succeeded.');
      // B has not heard of it yet: it still offers the decision.
      await expect((await inboxB.select(secondTitle)).getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();

      await inboxB.approve(secondTitle, { confirm: true });
      await expect(inboxB.outcome(secondTitle)).toContainText('Already decided: Succeeded. Your decision changed nothing.');
      await expect(inboxB.toast).toContainText('Already decided: Succeeded');
      await expect(inboxB.pendingRequest(secondTitle)).toHaveCount(0);
      await expect(inboxB.detail(secondTitle)).toHaveCount(0);
      eventsToB.release();
    });

    await expect(inboxA.page.getByRole('alert')).toHaveCount(0);
    const decided = await agent.signOff(second.id);
    expect(decided?.state).toBe('SUCCEEDED');
    // Exactly one decision ran: one token was minted, for the winner.
    expect(decided?.secretState).toBe('WAITING');
  } finally {
    await contextB.close();
  }
});
