import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { clickNotification, faviconHref, recordedNotifications, recordNotifications } from '../support/recorded-notifications.js';

/** An iPhone-sized screen: where the owner decides after the notification. */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('a request arriving while the console tab is hidden raises a system notification; its click opens the request, decided there on a phone', async ({
  page,
  context,
  baseURL,
  signInAsOwner,
  seedAgent,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await recordNotifications(page, 'hidden');
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('night-bot'));
  const repository = await agent.createRepository(uniqueName('site'));
  const inbox = new InboxPage(page);
  await inbox.open();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  const iconBefore = await faviconHref(page);
  expect(iconBefore, 'the console draws its icon').toMatch(/^data:image\/png;base64,/);

  const { signOff } = await agent.requestSignOff({
    op: 'repository.unserve',
    repository: repository.name,
    input: {},
    summary: 'Pause the site for maintenance',
  });
  const title = requestTitle(name, signOff.description);
  const tag = `sign-off-${signOff.id}`;

  await test.step('the notification leads with the effect, then the risk, then what the agent says; the tab icon now carries the count', async () => {
    const body = new RegExp(
      `^Stops serving repository ${repository.name}\\n(Low|Medium|High) risk(, irreversible)?\\nAgent says: “Pause the site for maintenance”$`,
    );
    await expect
      .poll(async () => (await recordedNotifications(page)).filter((notification) => notification.tag === tag))
      .toEqual([{ title: `${name} asks for a sign-off`, body: expect.stringMatching(body), tag, closed: false }]);
    await expect.poll(() => faviconHref(page)).not.toBe(iconBefore);
    await expect(page).toHaveTitle(/^\(\d+\) Countersign$/);
  });

  await test.step('clicking it opens the request’s page, where the owner approves and sees the outcome', async () => {
    await clickNotification(page, tag);
    await expect(page).toHaveURL(`/inbox/${signOff.id}`);
    const requestPage = new RequestPage(page);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
    await requestPage.approve();
    await expect(requestPage.outcome.getByRole('status')).toHaveText('Approved. It ran and succeeded.');
    expect(await requestPage.overflowsHorizontally()).toBe(false);
    expect((await decision).state).toBe('SUCCEEDED');
  });

  await test.step('once decided, the notification is taken away', async () => {
    await expect.poll(async () => (await recordedNotifications(page)).find((notification) => notification.tag === tag)?.closed).toBe(true);
  });
});

test('an agent’s summary hiding a right-to-left override is marked as its words and shown escaped, in the notification and on the request page, never as “… invoice”', async ({
  page,
  context,
  baseURL,
  signInAsOwner,
  seedAgent,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await recordNotifications(page, 'hidden');
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('pay-bot'));
  const repository = await agent.createRepository(uniqueName('books'));
  await new InboxPage(page).open();

  const { signOff } = await agent.requestSignOff({
    op: 'repository.mintToken',
    repository: repository.name,
    input: { scopes: ['read', 'write'], ttlHours: 720 },
    summary: 'Pay Acme Supplies \u202Eeciovni',
    reason: 'Read-only token',
  });
  const tag = `sign-off-${signOff.id}`;
  const effect = `A read and write token for ${repository.name}, valid 30 days`;
  const says = 'Agent says: “Pay Acme Supplies \\u202eeciovni”';
  await expect
    .poll(async () => (await recordedNotifications(page)).find((notification) => notification.tag === tag)?.body)
    .toMatch(new RegExp(`^${effect}\\n(Low|Medium|High) risk\\n${says.replace(/\\/g, '\\\\')}$`));

  await clickNotification(page, tag);
  await expect(page).toHaveURL(`/inbox/${signOff.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(effect, { exact: true })).toBeVisible();
  await expect(main.getByText(says, { exact: true })).toBeVisible();
  await expect(main.getByText('Agent says why: “Read-only token”', { exact: true })).toBeVisible();
  expect(await main.innerText()).not.toContain('\u202E');
});

test('a visible tab shows the request itself and raises no notification', async ({ page, context, baseURL, signInAsOwner, seedAgent }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await recordNotifications(page, 'visible');
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('day-bot'));
  const repository = await agent.createRepository(uniqueName('shop'));
  const inbox = new InboxPage(page);
  await inbox.open();

  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the shop' });
  // The Inbox lists it only after the event reached the page (the same feed the notifier listens to).
  await expect(inbox.pendingRequest(requestTitle(name, signOff.description))).toBeVisible();
  expect(await recordedNotifications(page)).toEqual([]);
});
