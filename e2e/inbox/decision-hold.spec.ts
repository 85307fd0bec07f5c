import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { recordDecisions } from '../support/decisions.js';

// A server of its own (the value names it): the Inbox holds exactly the requests each test here seeds, in a known order.
test.use({ dedicatedServer: 'decision-hold', viewport: { width: 1280, height: 800 } });

/** Three low-risk requests (`a` approves each with one key), in the order of time left: A, B, C. */
async function seedThree(agent: SeededAgent) {
  const seeded = [];
  for (const prefix of ['payments', 'web-frontend', 'docs']) {
    const repository = (await agent.client.createRepository(uniqueName(prefix))).name;
    const { signOff } = await agent.client.requestSignOff({
      op: 'repository.mintToken',
      repository,
      input: { scopes: ['read'], ttlHours: 2 },
      summary: `Read token for ${prefix}`,
    });
    seeded.push({ signOff, title: requestTitle(agent.name, signOff.description) });
  }
  const [a, b, c] = seeded;
  if (!a || !b || !c) throw new Error('three requests were seeded');
  return [a, b, c] as const;
}

test('two a presses in quick succession approve only one request: after the move the next row is flashed and a, d and its buttons wait 700 ms, by the page’s clock', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('double-bot'));
  const [a, b, c] = await seedThree(agent);
  // The page's timers run on Playwright's clock: flowing as usual until paused below.
  await page.clock.install();
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(3);
  const sent = recordDecisions(page);
  const paneA = await inbox.select(a.title);
  await expect(paneA.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();

  // From here the page's time stands still: every later press comes 0 ms after the move, until the clock is run.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.keyboard.press('a');
  const paneB = inbox.detail(b.title);

  await test.step('the first a approves A, held 5 s for Undo; the cursor moves to B, whose row is flashed', async () => {
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    await expect(paneB.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expect(inbox.row(b.title)).toHaveClass(/\barriving\b/);
    expect(sent).toHaveLength(0);
  });

  await test.step('the second a, a d, and a click on Approve or Deny do nothing while B is new on screen', async () => {
    await page.keyboard.press('a');
    // Still undecided on screen: nothing held for B, no outcome in B's place.
    await expect(paneB.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await expect(inbox.toast).toContainText(`Approving “${a.title}” in 5 s`);
    expect(sent).toHaveLength(0);
    await page.keyboard.press('d');
    await paneB.getByRole('button', { name: 'Approve', exact: true }).click({ force: true }); // aria-disabled: Playwright would wait; a hand would not
    await paneB.getByRole('button', { name: 'Deny' }).click({ force: true });
    await expect(paneB.getByLabel('Note', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(b.signOff.id))?.state).toBe('PENDING');
  });

  await test.step('699 ms later a still does nothing; at 700 ms it approves B, whose hold sends A’s on its way', async () => {
    await page.clock.runFor(699);
    await page.keyboard.press('a');
    await expect(inbox.row(b.title)).toHaveClass(/\barriving\b/);
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(b.signOff.id))?.state).toBe('PENDING');

    await page.clock.runFor(1);
    await expect(inbox.arriving()).toHaveCount(0);
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${b.title}” in 5 s`);
    // A new decision takes the toast: the one it held is sent now (there is one Undo, for what the toast says).
    await expect(inbox.outcome(a.title)).toContainText('Approved.');
    expect(sent).toHaveLength(1);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('SUCCEEDED');
    expect((await agent.client.signOff(b.signOff.id))?.state).toBe('PENDING');
    // And C, opened by that move, waits its moment in turn.
    await expect(inbox.row(c.title)).toHaveClass(/\barriving\b/);
    await page.keyboard.press('a');
    await expect(inbox.toast).toContainText(`Approving “${b.title}” in 5 s`);
    expect(sent).toHaveLength(1);
  });

  await test.step('the owner’s own j or k opens a request without the wait', async () => {
    await page.keyboard.press('k');
    await expect(inbox.arriving()).toHaveCount(0);
    await page.keyboard.press('j');
    const paneC = inbox.detail(c.title);
    await expect(paneC.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    await page.keyboard.press('a');
    await expect(inbox.outcome(b.title)).toContainText('Approved.');
    expect(sent).toHaveLength(2);
    await page.clock.runFor(5_000);
    await expect(inbox.outcome(c.title)).toContainText('Approved.');
    expect(sent).toHaveLength(3);
  });
});
