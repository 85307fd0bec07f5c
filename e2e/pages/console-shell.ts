import type { Locator, Page } from '@playwright/test';

/** The signed-in frame around every owner page: main navigation, account, sign out. */
export class ConsoleShell {
  readonly navigation: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole('navigation', { name: 'Main' });
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
  }

  /** The owner's email as the header shows it. */
  signedInAs(email: string): Locator {
    return this.page.getByRole('banner').getByText(email, { exact: true });
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
