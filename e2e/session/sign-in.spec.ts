import { expect, test } from '../fixtures.js';
import { ConsoleShell } from '../pages/console-shell.js';
import { InboxPage } from '../pages/inbox-page.js';
import { SignInPage } from '../pages/sign-in-page.js';

test('a wrong password shows an error and stays signed out; the right one signs in, back on the page first opened', async ({ page, owner }) => {
  const signIn = new SignInPage(page);
  const shell = new ConsoleShell(page);

  await page.goto('/agents');
  await expect(signIn.heading).toBeVisible();

  await signIn.signIn(owner.email, 'not the password at all');
  await expect(signIn.error).toBeVisible();
  await expect(signIn.heading).toBeVisible();
  await expect(shell.navigation).toHaveCount(0);

  await signIn.signIn(owner.email, owner.password);
  await expect(page).toHaveURL('/agents');
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(shell.signedInAs(owner.email)).toBeVisible();
  await expect(signIn.error).toHaveCount(0);
});

test('every owner page is in the main navigation and opens from it', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  const shell = new ConsoleShell(page);
  await page.goto('/');
  await expect(new InboxPage(page).heading).toBeVisible();
  await expect(shell.navLink('Inbox')).toHaveAttribute('aria-current', 'page');
  for (const name of ['History', 'Authorities', 'Agents', 'Repositories', 'Registry', 'Inbox']) {
    await shell.navLink(name).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(shell.navLink(name)).toHaveAttribute('aria-current', 'page');
  }
});
