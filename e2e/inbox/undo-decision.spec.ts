import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { recordDecisions } from '../support/decisions.js';

// A server of its own (the value names it): the Inbox holds exactly the requests each test here seeds, in a known order.
test.use({ dedicatedServer: 'undo-decision', viewport: { width: 1280, height: 800 } });

/** Low-risk read-token requests (`a` decides each with one key), one repository each so their titles differ, in the order of time left. */
async function seedLowRisk(agent: SeededAgent, prefixes: readonly string[]) {
  const seeded = [];
  for (const prefix of prefixes) {
    const repository = (await agent.client.createRepository(uniqueName(prefix))).name;
    const { signOff } = await agent.client.requestSignOff({
      op: 'repository.mintToken',
      repository,
      input: { scopes: ['read'], ttlHours: 2 },
      summary: `Read token for ${prefix}`,
    });
    seeded.push({ signOff, title: requestTitle(agent.name, signOff.description) });
  }
  return seeded;
}

async function two(agent: SeededAgent) {
  const [a, b] = await seedLowRisk(agent, ['payments', 'web-frontend']);
  if (!a || !b) throw new Error('two requests were seeded');
  return [a, b] as const;
}

test('a low-risk approval by key waits 5 s with Undo: undone, nothing is ever sent; left alone, it is sent once when its toast ends', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('undo-bot'));
  const [a, b] = await two(agent);
  await page.clock.install();
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(2);
  const sent = recordDecisions(page);
  await inbox.select(a.title);
  // From here the page's time moves only as the test runs the clock.
  await page.clock.pauseAt(Date.now() + 1_000);

  await test.step('a holds the approval: the toast says so with Undo, A’s row says it waits, and nothing is sent', async () => {
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    await expect(inbox.toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(inbox.waiting.locator('li.held')).toContainText(a.title);
    await expect(inbox.detail(b.title)).toBeVisible();
    await page.clock.runFor(4_000);
    expect(sent).toHaveLength(0);
  });

  await test.step('u undoes it: A is back under the cursor, and nothing is sent, then or later', async () => {
    await page.keyboard.press('u');
    await expect(inbox.toast).toContainText(`Undone: “${a.title}” still waits; nothing was sent.`);
    await expect(inbox.toast.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(inbox.pendingRows()).toHaveCount(2);
    await expect(inbox.detail(a.title)).toBeVisible();
    await page.clock.runFor(10_000);
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('PENDING');
  });

  await test.step('a again, left alone: sent at 5 s, not at 4,999 ms, and once', async () => {
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    await page.clock.runFor(4_999);
    expect(sent).toHaveLength(0);
    await page.clock.runFor(1);
    await expect(inbox.outcome(a.title)).toContainText('Approved.');
    await expect(inbox.toast).toContainText(`${a.title}: Approved. It ran and succeeded.`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postData()).toContain(a.signOff.id);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('SUCCEEDED');
    // Leaving the page afterwards (pagehide) sends nothing more.
    await page.clock.runFor(10_000);
    await page.goto('/history');
    expect(sent).toHaveLength(1);
    expect((await agent.client.signOff(b.signOff.id))?.state).toBe('PENDING');
  });
  await agent.client.withdraw(b.signOff.id);
});

test('a low-risk batch approved by key and undone comes back selected; held again, it is sent with keepalive when the page goes away', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('batch-undo-bot'));
  const [a, b] = await two(agent);
  await page.clock.install();
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(2);
  await expect(inbox.arriving()).toHaveCount(0);
  const sent = recordDecisions(page);
  await page.clock.pauseAt(Date.now() + 1_000);

  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(inbox.batch).toContainText('2 selected');
  await page.keyboard.press('a');
  await expect(inbox.toast).toContainText('Approving 2 requests in 5 s');
  await expect(inbox.pendingRows()).toHaveCount(0);

  await inbox.toast.getByRole('button', { name: 'Undo' }).click();
  await expect(inbox.toast).toContainText('Undone: 2 requests still wait; nothing was sent.');
  await expect(inbox.batch).toContainText('2 selected');
  await expect(inbox.pendingRows()).toHaveCount(2);

  // Held again, then the owner goes elsewhere 1 s later: the page sends it on its way out, once.
  await page.keyboard.press('a');
  await expect(inbox.toast).toContainText('Approving 2 requests in 5 s');
  await page.clock.runFor(1_000);
  expect(sent).toHaveLength(0);
  // (A request sent as the page unloads is no longer reported to the test as the page's; the API's state is the witness.)
  await page.goto('/history');
  await expect.poll(async () => (await agent.client.signOff(a.signOff.id))?.state).toBe('SUCCEEDED');
  await expect.poll(async () => (await agent.client.signOff(b.signOff.id))?.state).toBe('SUCCEEDED');
});

test('a held approval is dropped, and the owner told, when the browser is offline as it ends or the request left meanwhile; it is never sent later', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('dropped-bot'));
  const [a, b] = await two(agent);
  await page.clock.install();
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(2);
  const sent = recordDecisions(page);
  await inbox.select(a.title);
  await page.clock.pauseAt(Date.now() + 1_000);

  await test.step('offline when its toast ends: not approved, said, and not sent once back online', async () => {
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    await context.setOffline(true);
    await page.clock.runFor(5_000);
    await expect(inbox.toast).toContainText(`Not approved: you were offline when “${a.title}” was due to be sent. Nothing was sent`);
    await expect(inbox.pendingRequest(a.title)).toBeVisible();
    await context.setOffline(false);
    await page.clock.runFor(10_000);
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('PENDING');
  });

  await test.step('withdrawn by its agent while held: not approved, said, and nothing sent', async () => {
    await inbox.select(a.title);
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    // The agent withdraws A, then asks for C: once C's row shows, the list the Inbox holds was read after A left it.
    await agent.client.withdraw(a.signOff.id);
    const [c] = await seedLowRisk(agent, ['docs']);
    if (!c) throw new Error('a third request was seeded');
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        return inbox.pendingRequest(c.title).count();
      })
      .toBe(1);
    await page.clock.runFor(5_000);
    await expect(inbox.toast).toContainText(`Not approved: “${a.title}” left the list before it was sent`);
    await page.clock.runFor(10_000);
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('WITHDRAWN');
    await agent.client.withdraw(c.signOff.id);
  });
  await agent.client.withdraw(b.signOff.id);
});
