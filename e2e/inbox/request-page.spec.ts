import { randomUUID } from 'node:crypto';
import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { SignInPage } from '../pages/sign-in-page.js';

/** An iPhone-sized screen: the page must be usable where a push notification or an email is opened. */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('on a phone, the owner opens a request by its address, sees everything to decide, approves with a note and sees the outcome', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('phone-bot'));
  const repository = await agent.createRepository(uniqueName('docs'));
  const { signOff } = await agent.requestSignOff({
    op: 'repository.mintToken',
    repository: repository.name,
    input: { ttlHours: 2, scopes: ['read'] },
    summary: 'Read token for the nightly docs build',
    reason: 'The nightly build pulls the docs sources.',
  });
  const title = requestTitle(name, signOff.description);
  const requestPage = new RequestPage(page);
  await requestPage.open(signOff.id);
  const request = requestPage.request(title);

  await test.step('who asks, what, the risk, the time left, the reason and the exact input', async () => {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(request).toContainText(name);
    await expect(request).toContainText('repository.mintToken');
    await expect(request).toContainText(repository.name);
    await expect(request).toContainText('Read token for the nightly docs build');
    await expect(request).toContainText('The nightly build pulls the docs sources.');
    // A read-only token for two hours is low risk (docs/sign-offs.md, S15).
    await expect(request.getByText('Low risk', { exact: true })).toBeVisible();
    await expect(request).toContainText('in 7 days');
    // The canonical input (sorted keys): the exact bytes that will run.
    await expect(request.getByLabel('Input', { exact: true })).toHaveText(JSON.stringify({ scopes: ['read'], ttlHours: 2 }, null, 2));
    await expect(request.getByLabel(`Input hash ${signOff.inputHash}`)).toHaveText(signOff.inputHash.slice(0, 12));
  });

  await test.step('nothing is wider than the phone, and the buttons span it', async () => {
    expect(await requestPage.overflowsHorizontally()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const approve = await requestPage.decision.getByRole('button', { name: 'Approve', exact: true }).boundingBox();
    const decision = await requestPage.decision.boundingBox();
    expect(approve, 'the Approve button is laid out').not.toBeNull();
    expect(decision, 'the decision is laid out').not.toBeNull();
    // Full width: the button fills the decision card but for its padding.
    expect(approve!.width).toBeGreaterThan(decision!.width * 0.8);
  });

  await test.step('approving shows the outcome in place of the buttons, and the waiting agent hears of it', async () => {
    const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
    await requestPage.approve({ note: 'Fine for tonight only.' });

    await expect(requestPage.outcome.getByRole('status')).toHaveText('Approved. It ran and succeeded.');
    await expect(requestPage.outcome).toContainText('Fine for tonight only.');
    await expect(requestPage.decision).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(request.getByText('Succeeded', { exact: true })).toBeVisible();
    expect(await requestPage.overflowsHorizontally()).toBe(false);

    const decided = await decision;
    expect(decided.state).toBe('SUCCEEDED');
    expect(decided.note).toBe('Fine for tonight only.');
  });
});

test('a decision taken elsewhere replaces the buttons with the outcome, live; the Inbox links each request to its page', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('elsewhere-bot'));
  const repository = await agent.createRepository(uniqueName('shop'));
  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the shop' });
  const title = requestTitle(name, signOff.description);

  // On a phone a request opens on its own page (on a wide screen, beside the list).
  const inbox = new InboxPage(await context.newPage());
  await inbox.page.setViewportSize({ width: 390, height: 844 });
  await inbox.open();
  await inbox.pendingRequest(title).click();
  await expect(inbox.page).toHaveURL(`/inbox/${signOff.id}`);
  await expect(inbox.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  const requestPage = new RequestPage(page);
  await requestPage.open(signOff.id);
  await expect(requestPage.decision.getByRole('button', { name: 'Deny' })).toBeVisible();

  // The other tab decides from its copy of the page; this one only hears of it through the subscription.
  await new RequestPage(inbox.page).decision.getByRole('button', { name: 'Deny' }).click();
  await expect(requestPage.outcome.getByRole('status')).toHaveText('Denied. Nothing ran.');
  await expect(requestPage.decision).toHaveCount(0);
  expect((await agent.signOff(signOff.id))?.state).toBe('DENIED');
});

test('the time left turns amber under a day and red under two hours', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('late-bot'));
  const repository = await agent.createRepository(uniqueName('blog'));
  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the blog' });
  const expiresAt = new Date(signOff.expiresAt).getTime();
  const requestPage = new RequestPage(page);
  const timeLeft = page.locator(`time[datetime="${signOff.expiresAt}"]`);

  // Only the page's clock moves (timers keep running), so the session and the socket are unaffected.
  await page.clock.setFixedTime(expiresAt - 12 * 60 * 60_000);
  await requestPage.open(signOff.id);
  await expect(timeLeft).toHaveText('in 12 hours');
  await expect(timeLeft).toHaveClass(/\bsoon\b/);

  await page.clock.setFixedTime(expiresAt - 30 * 60_000);
  await page.reload();
  await expect(timeLeft).toHaveText('in 30 minutes');
  await expect(timeLeft).toHaveClass(/\burgent\b/);
});

test('an id with no request of the owner’s says so', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  await page.goto(`/inbox/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'No such request', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  await page.goto('/inbox/not-a-request-id');
  await expect(page.getByRole('heading', { name: 'No such request', level: 1 })).toBeVisible();
});

test('a signed-out visitor is sent to sign in, and comes back to the request afterwards', async ({ page, owner }) => {
  const id = randomUUID();
  await page.goto(`/inbox/${id}`);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(`/inbox/${id}`)}`);
  const signIn = new SignInPage(page);
  await expect(signIn.heading).toBeVisible();
  await signIn.signIn(owner.email, owner.password);
  await expect(page).toHaveURL(`/inbox/${id}`);
  await expect(page.getByRole('heading', { name: 'No such request', level: 1 })).toBeVisible();
});

test('a sign-in link naming another site goes home instead', async ({ page, owner }) => {
  await page.goto(`/sign-in?next=${encodeURIComponent('//evil.example/inbox')}`);
  await new SignInPage(page).signIn(owner.email, owner.password);
  await expect(page).toHaveURL('/inbox');
});
