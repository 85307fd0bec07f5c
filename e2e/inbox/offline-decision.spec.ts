import type { Request } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { RequestPage } from '../pages/request-page.js';

/** A decision the page sent to the API; observed only, never altered. */
function isDecision(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/graphql' && (request.postData() ?? '').includes('mutation DecideSignOff');
}

test('an approval attempted offline fails at once in plain words, is never sent later, and works once back online', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('offline-bot'));
  const repository = await agent.createRepository(uniqueName('site'));
  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the site' });

  // Every decision that reached the API and was answered: a late replay of the offline click would add one.
  const delivered: Request[] = [];
  page.on('requestfinished', (request) => {
    if (isDecision(request)) delivered.push(request);
  });

  const requestPage = new RequestPage(page);
  await requestPage.open(signOff.id);
  const approve = requestPage.decision.getByRole('button', { name: 'Approve', exact: true });
  const alert = requestPage.decision.getByRole('alert');

  await test.step('offline, Approve fails at once with a sentence an owner understands, and the request stays pending', async () => {
    // The request is read before the network goes: offline, the page could not load what it is to decide.
    await expect(approve).toBeEnabled();
    await context.setOffline(true);
    await approve.click();
    // At once: far below the default wait, so a paused (queued) mutation cannot pass by resolving late.
    await expect(alert).toContainText('You are offline, so nothing was sent.', { timeout: 2_000 });
    await expect(alert).not.toContainText(/GraphQL|HTTP|Failed to fetch/);
    await expect(approve).toBeEnabled();
    expect((await agent.signOff(signOff.id))?.state).toBe('PENDING');
  });

  await test.step('back online and live again, nothing was sent late', async () => {
    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await expect(requestPage.liveStatus).toHaveText('Live');
    expect((await agent.signOff(signOff.id))?.state).toBe('PENDING');
    expect(delivered).toHaveLength(0);
    // Still undecided on the page too: the buttons are there, no outcome replaced them.
    await expect(approve).toBeVisible();
    await expect(requestPage.outcome).toHaveCount(0);
  });

  await test.step('approving now works, and it is the only decision ever sent', async () => {
    await approve.click();
    await expect(requestPage.outcome.getByRole('status')).toContainText('Approved.');
    await expect(alert).toHaveCount(0);
    expect((await agent.signOff(signOff.id))?.state).toBe('SUCCEEDED');
    expect(delivered).toHaveLength(1);
  });
});
