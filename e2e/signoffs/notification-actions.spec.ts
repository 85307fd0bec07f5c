import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { recordDecisions } from '../support/decisions.js';
import { serviceWorkerPushes } from '../support/service-worker-pushes.js';

/** A phone: where a notification's action is tapped. */
test.use({ viewport: { width: 390, height: 844 } });

/** A token request: read-only for two hours is LOW (one click approves), able to write is MEDIUM (a confirmation). */
async function askForToken(agent: SeededAgent, scopes: ('read' | 'write')[]) {
  const repository = (await agent.client.createRepository(uniqueName('site'))).name;
  const { signOff } = await agent.client.requestSignOff({ op: 'repository.mintToken', repository, input: { scopes, ttlHours: 2 }, summary: 'A token' });
  return { signOff, title: requestTitle(agent.name, signOff.description) };
}

test('a pushed request offers Approve… and Deny…, and each opens the request’s page with that decision readied', async ({
  page,
  context,
  baseURL,
  signInAsOwner,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signInAsOwner(context);
  await page.goto('/settings');
  const { push } = await serviceWorkerPushes(page, context, baseURL!);
  const tag = 'sign-off-7d2c4d9e-0000-4000-8000-000000000002';
  await push({ tag, title: 'deploy-bot asks to pause the site', body: 'Risk medium', url: `${baseURL}/inbox/x` });
  const actions = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) =>
        ((shown as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({ action, title })),
      ),
    );
  await expect.poll(actions).toEqual([
    [
      { action: 'approve', title: 'Approve…' },
      { action: 'deny', title: 'Deny…' },
    ],
  ]);

  // What a click on each opens, computed by the worker's own handler code (a synthetic click could not open a window).
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  const opened = await worker!.evaluate(
    (url) =>
      ['approve', 'deny', '', 'erase'].map((action) => (self as unknown as { actionUrl: (raw: string, action: string) => string }).actionUrl(url, action)),
    `${baseURL}/inbox/x`,
  );
  expect(opened).toEqual([`${baseURL}/inbox/x?confirm=approve`, `${baseURL}/inbox/x?confirm=deny`, `${baseURL}/inbox/x`, `${baseURL}/inbox/x`]);
});

test('opened by a notification’s Approve, a low-risk request’s buttons wait 700 ms, then Approve is focused and only the owner’s press approves', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('push-bot'));
  const { signOff } = await askForToken(agent, ['read']);
  // The page's time stands still from its first line: it moves only as the test runs the clock, so the
  // hold is measured in the page's milliseconds however slowly the machine loads it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const sent = recordDecisions(page);
  const requestPage = new RequestPage(page);
  await page.goto(`/inbox/${signOff.id}?confirm=approve`);
  const approve = requestPage.decision.getByRole('button', { name: 'Approve', exact: true });
  // Loading waits on the page's timers too (the query cache hands results over on a zero-delay timeout): a millisecond at a time.
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return approve.isVisible();
    })
    .toBe(true);
  await expect(requestPage.decision.getByRole('status')).toHaveText(/You chose Approve in a notification/);

  await test.step('during the hold a click or Enter decides nothing', async () => {
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
    await approve.click({ force: true });
    await page.keyboard.press('Enter');
    expect(sent).toHaveLength(0);
  });

  await test.step('690 ms on it still holds; by 700 ms Approve has the focus, and nothing is decided until the owner presses it', async () => {
    await page.clock.runFor(690);
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    expect(sent).toHaveLength(0);
    await page.clock.runFor(10);
    await expect(approve).toBeFocused();
    await expect(approve).not.toHaveAttribute('aria-disabled', 'true');
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(signOff.id))?.state).toBe('PENDING');
    await page.keyboard.press('Enter');
    await expect(requestPage.outcome).toContainText('Approved.');
    expect(sent).toHaveLength(1);
  });
});

test('a notification’s Approve on a medium-risk request opens its confirmation, and Deny puts the focus where Enter denies', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('push-bot'));
  const writer = await askForToken(agent, ['read', 'write']);
  const reader = await askForToken(agent, ['read']);
  await page.clock.install();
  const sent = recordDecisions(page);
  const requestPage = new RequestPage(page);

  await test.step('Approve: after the hold the confirmation stating the effect opens; cancelling decides nothing', async () => {
    await page.goto(`/inbox/${writer.signOff.id}?confirm=approve`);
    await expect(requestPage.decision.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Approve this request?' });
    await page.clock.runFor(700);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(sent).toHaveLength(0);
    expect((await agent.client.signOff(writer.signOff.id))?.state).toBe('PENDING');
  });

  await test.step('Deny: after the hold the note has the focus; the owner’s Enter denies with the note', async () => {
    await page.goto(`/inbox/${reader.signOff.id}?confirm=deny`);
    const note = requestPage.decision.getByLabel(/^Note/);
    await expect(note).toBeVisible();
    await page.clock.runFor(700);
    await expect(note).toBeFocused();
    await expect(requestPage.decision.getByText('Note (Enter denies)')).toBeVisible();
    expect(sent).toHaveLength(0);
    await page.keyboard.type('Not today');
    await page.keyboard.press('Enter');
    await expect(requestPage.outcome).toContainText('Denied');
    expect(sent).toHaveLength(1);
    const denied = await agent.client.signOff(reader.signOff.id);
    expect(denied?.state).toBe('DENIED');
    expect(denied?.note).toBe('Not today');
  });
});
