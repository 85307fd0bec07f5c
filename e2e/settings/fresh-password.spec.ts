import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { SettingsPage } from '../pages/settings-page.js';

// docs/owner-tokens.md, rule OT4: a change that could let one person act as
// two needs a password proved in the last 10 minutes. The API's tests hold
// when the server asks; here the server's first answer is the one it gives a
// session signed in longer ago, to show what the console then does.
const REFUSAL = {
  __typename: 'ReauthenticationRequired',
  code: 'REAUTHENTICATION_REQUIRED',
  message: 'Creating a ADMIN token needs your password again (reauthenticate), in a console session; an owner token cannot do it. Nothing was changed.',
};

/** Answers the page's first createOwnerToken as a stale session's would be; everything else reaches the server. */
async function refuseFirstCreation(page: Page): Promise<void> {
  let refused = false;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { query?: string } | null;
    if (!refused && body?.query?.includes('createOwnerToken')) {
      refused = true;
      await route.fulfill({ json: { data: { createOwnerToken: REFUSAL } } });
      return;
    }
    await route.fallback();
  });
}

async function startCreating(settings: SettingsPage, name: string): Promise<void> {
  await settings.tokens.getByLabel('Token name').fill(name);
  await settings.tokens.getByLabel('Scope').selectOption('ADMIN');
  await settings.tokens.getByRole('button', { name: 'Create token' }).click();
}

test('asks for the password when a change needs it fresh, then makes the change', async ({ context, page, signInAsOwner, owner }) => {
  await signInAsOwner(context);
  const settings = new SettingsPage(page);
  await settings.open();
  await refuseFirstCreation(page);
  const name = uniqueName('fresh');
  await startCreating(settings, name);

  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toContainText('This change needs your password again');
  await dialog.getByLabel('Password').fill(owner.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(settings.tokenPanel.getByRole('heading', { name: `Token ${name}` })).toBeVisible();
  await expect(settings.tokenPanel.getByLabel('API token')).toHaveValue(/^cso_/);
});

test('shows the refusal and makes nothing when the owner cancels the password prompt', async ({ context, page, signInAsOwner }) => {
  await signInAsOwner(context);
  const settings = new SettingsPage(page);
  await settings.open();
  await refuseFirstCreation(page);
  const name = uniqueName('cancelled');
  await startCreating(settings, name);

  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(settings.tokens.getByRole('group', { name: 'Create a token' }).getByRole('alert')).toContainText('needs your password again');
  await expect(settings.tokenPanel).toHaveCount(0);
});
