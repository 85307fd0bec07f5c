import { expect, test } from '../fixtures.js';
import { InboxPage } from '../pages/inbox-page.js';
import { SetupPage } from '../pages/setup-page.js';
import { startApiServer } from '../support/api-server.js';

test('the setup link pasted into a tab already on /setup shows the form without a reload, and sets up', async ({ page }) => {
  // A server of its own: the worker's may have had its one-time setup done by another file (the dedicated-server option is shared by value).
  test.setTimeout(180_000);
  const server = await startApiServer();
  try {
    const setup = new SetupPage(page);
    await page.goto(`${server.baseURL}/setup`);
    await expect(setup.heading).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Open the setup link the server printed');
    // Proves below that the page was not reloaded: a reload would start a fresh window object.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    // Same path, new fragment: the browser only changes the hash, as when the link is pasted into the address bar.
    await page.goto(server.setupUrl);
    await expect(page.getByLabel('Workspace name')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);

    await setup.createOwner({ tenantName: 'Pasted Co', email: 'pasted@setup.test', password: 'a long enough password' });
    await expect(new InboxPage(page).heading).toBeVisible();
  } finally {
    await server.stop();
  }
});
