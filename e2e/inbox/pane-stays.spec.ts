import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { recordDecisions } from '../support/decisions.js';
import { decideThroughApi } from '../support/sign-offs.js';

// A server of its own (the value names it): the Inbox holds exactly the requests each test here seeds, so "the first row" is known.
test.use({ dedicatedServer: 'pane-stays', viewport: { width: 1280, height: 800 } });

/** Two low-risk requests (`a` approves either with one key): A first (the soonest to expire), B after it, the row that takes A's place. */
async function seedTwo(agent: SeededAgent) {
  // Two repositories, so the two titles differ.
  const readToken = async (repositoryPrefix: string, summary: string) => {
    const repository = (await agent.client.createRepository(uniqueName(repositoryPrefix))).name;
    return (await agent.client.requestSignOff({ op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: 2 }, summary })).signOff;
  };
  const a = await readToken('payments', 'Read token for the payments audit');
  const b = await readToken('web-frontend', 'Read token for the release notes');
  return { a, b, titleA: requestTitle(agent.name, a.description), titleB: requestTitle(agent.name, b.description) };
}

test('a request withdrawn while it is open stays in the pane, marked, and a approves nothing in its place', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('swap-bot'));
  const { a, b, titleA, titleB } = await seedTwo(agent);
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(2);
  const sent = recordDecisions(page);

  // The owner reads A; once A leaves, B is the first row, which the pane used to fall back to.
  const pane = await inbox.select(titleA);
  await expect(pane.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();

  // The agent withdraws A while the owner reads it; the owner, reaching for the key, presses a once the list has heard of it.
  await agent.client.withdraw(a.id);
  await expect(inbox.heading).toContainText('1 waiting');
  await expect(inbox.pendingRows()).toHaveCount(1);
  await page.keyboard.press('a');

  await test.step('the pane keeps A, marked withdrawn, with nothing to decide, and the focus on its row', async () => {
    await expect(pane.getByRole('status')).toHaveText('Withdrawn — nothing to decide.');
    await expect(pane.getByRole('button')).toHaveCount(0);
    await expect(pane.getByRole('region', { name: 'Decision' })).toHaveCount(0);
    await expect(inbox.detail(titleB)).toHaveCount(0);
    await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`Withdrawn.*: ${titleA}$`));
  });

  await test.step('a approved nothing: B stays pending and no decision left the browser', async () => {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(inbox.pendingRequest(titleB)).toBeVisible();
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(b.id))?.state).toBe('PENDING');
  });

  await test.step('the owner’s own j moves on to B, which the pane then opens with its buttons', async () => {
    await page.keyboard.press('j');
    const paneB = inbox.detail(titleB);
    await expect(paneB.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    // The withdrawn request leaves the list once the owner has moved off it.
    await expect(inbox.waiting.getByRole('link', { name: new RegExp(`: ${titleA}$`) })).toHaveCount(0);
    expect((await agent.client.signOff(b.id))?.state).toBe('PENDING');
    expect(sent).toHaveLength(0);
  });

  await agent.client.withdraw(b.id);
});

test('a request decided in another tab while the owner writes its note stays in the pane, marked, and the focus returns to its row', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('elsewhere-bot'));
  const { a, b, titleA, titleB } = await seedTwo(agent);
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(2);
  const sent = recordDecisions(page);

  const pane = await inbox.select(titleA);
  await pane.getByLabel('Note').click();
  await expect(pane.getByLabel('Note')).toBeFocused();

  // Denied from another tab of the same session (through the API, with this context's cookie).
  expect(await decideThroughApi(context.request, a.id, false)).toBe('DENIED');

  await expect(pane.getByRole('status')).toHaveText('Denied by another owner or in another tab — nothing to decide.');
  await expect(pane.getByRole('button')).toHaveCount(0);
  // The note went with the buttons; its focus went to the row, not to the page body.
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`Denied.*: ${titleA}$`));

  await page.keyboard.press('a');
  await page.keyboard.press('d');
  await expect(pane.getByRole('status')).toHaveText('Denied by another owner or in another tab — nothing to decide.');
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`: ${titleA}$`));
  await expect(inbox.pendingRequest(titleB)).toBeVisible();
  expect(sent).toHaveLength(0);
  expect((await agent.client.signOff(b.id))?.state).toBe('PENDING');

  await agent.client.withdraw(b.id);
});
