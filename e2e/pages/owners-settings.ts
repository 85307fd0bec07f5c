import { expect, type Locator, type Page } from '@playwright/test';

/** Settings' Owners section (invitations) and its Approvals required section (the two-person rule per operation). */
export class OwnersSettings {
  readonly owners: Locator;
  readonly approvals: Locator;

  constructor(readonly page: Page) {
    this.owners = page.getByRole('region', { name: 'Owners' });
    this.approvals = page.getByRole('region', { name: 'Approvals required' });
  }

  async open(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.owners.getByRole('list', { name: 'Owners of this workspace' })).toBeVisible();
  }

  /** Invites an owner and answers the link the panel shows (this once). */
  async invite(note?: string): Promise<string> {
    if (note !== undefined) await this.owners.getByLabel('Note (optional)').fill(note);
    await this.owners.getByRole('button', { name: 'Invite an owner' }).click();
    const link = this.owners.getByRole('textbox', { name: 'Invitation link' });
    await expect(link).toBeVisible();
    return link.inputValue();
  }

  /** The row of `op` in Approvals required. */
  policyRow(op: string): Locator {
    return this.approvals.getByRole('listitem').filter({ has: this.page.getByRole('combobox', { name: `Approvals for ${op}` }) });
  }

  /** Chooses how many approvals `op` needs and presses its Save, without waiting for the answer. */
  async chooseApprovals(op: string, approvals: 1 | 2): Promise<void> {
    const row = this.policyRow(op);
    await row.getByRole('combobox', { name: `Approvals for ${op}` }).selectOption(String(approvals));
    await row.getByRole('button', { name: `Save ${op}` }).click();
  }

  /** Sets how many approvals `op` needs (1 or 2) and waits for the save. */
  async setApprovals(op: string, approvals: 1 | 2): Promise<void> {
    await this.chooseApprovals(op, approvals);
    await expect(this.policyRow(op).getByRole('status')).toHaveText('Saved.');
  }
}
