import { expect, type Locator, type Page } from '@playwright/test';

/** The Agents page: create form, the once-only key panel, the list and its revoke dialog. */
export class AgentsPage {
  readonly heading: Locator;
  readonly keyPanel: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Agents', level: 1 });
    this.keyPanel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: /^Key for / }) });
    this.list = page.getByRole('region', { name: 'Your agents' });
  }

  async open(): Promise<void> {
    await this.page.goto('/agents');
    await expect(this.heading).toBeVisible();
    await expect(this.list.getByRole('status')).toHaveCount(0);
  }

  /** Creates an agent and returns the key the panel shows (this once). */
  async createAgent(name: string): Promise<string> {
    await this.page.getByLabel('Agent name').fill(name);
    await this.page.getByRole('button', { name: 'Create agent' }).click();
    await expect(this.keyPanel.getByRole('heading', { name: `Key for ${name}` })).toBeVisible();
    return this.keyPanel.getByLabel('Agent key').inputValue();
  }

  /** The agent's row in the list, found by its name (the row header). */
  row(name: string): Locator {
    return this.list.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Clicks Rotate key on the agent's row, confirms, and returns the new key the panel shows (this once). */
  async rotateKey(name: string): Promise<string> {
    await this.row(name)
      .getByRole('button', { name: `Rotate key of ${name}`, exact: true })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Rotate the key of ${name}?` });
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.keyPanel.getByRole('heading', { name: `Key for ${name}` })).toBeVisible();
    return this.keyPanel.getByLabel('Agent key').inputValue();
  }

  /** Clicks Revoke on the agent's row and confirms in the dialog. */
  async revokeAgent(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Revoke ${name}?` });
    await dialog.getByRole('button', { name: 'Revoke agent' }).click();
    await expect(dialog).toBeHidden();
  }
}
