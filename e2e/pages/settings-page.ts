import { expect, type Locator, type Page } from '@playwright/test';

/** The Settings page's API tokens section: create form, the once-only token panel, the list and its revoke dialog. */
export class SettingsPage {
  readonly heading: Locator;
  readonly tokens: Locator;
  readonly tokenPanel: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Settings', level: 1 });
    this.tokens = page.getByRole('region', { name: 'API tokens' });
    this.tokenPanel = this.tokens.getByRole('status').filter({ has: page.getByRole('heading', { name: /^Token / }) });
  }

  async open(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.heading).toBeVisible();
    await expect(this.tokens.getByText('Loading tokens…')).toHaveCount(0);
  }

  /** Creates a token with the scope whose option starts with `scope` (e.g. "Decide") and returns the token the panel shows (this once). */
  async createToken(name: string, scope: string): Promise<string> {
    await this.tokens.getByLabel('Token name').fill(name);
    await this.tokens.getByLabel('Scope').selectOption({ label: (await this.scopeOption(scope)) ?? scope });
    await this.tokens.getByRole('button', { name: 'Create token' }).click();
    await expect(this.tokenPanel.getByRole('heading', { name: `Token ${name}` })).toBeVisible();
    return this.tokenPanel.getByLabel('API token').inputValue();
  }

  /** The workspace id the Verifying approvals section shows: the audience a service verifies approval tokens with. */
  async workspaceId(): Promise<string> {
    const id = this.page.getByRole('region', { name: 'Verifying approvals' }).getByLabel('Workspace id');
    await expect(id).toHaveText(/^[0-9a-f-]{36}$/);
    return (await id.textContent()) ?? '';
  }

  /** The token's row in the list, found by its name (the row header). */
  row(name: string): Locator {
    return this.tokens.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Clicks Revoke on the token's row and confirms in the dialog. */
  async revokeToken(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Revoke the token ${name}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Revoke the token ${name}?` });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(dialog).toBeHidden();
  }

  private async scopeOption(prefix: string): Promise<string | undefined> {
    const labels = await this.tokens.getByLabel('Scope').locator('option').allTextContents();
    return labels.find((label) => label.startsWith(prefix));
  }
}
