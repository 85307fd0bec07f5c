import { expect, type Locator, type Page } from '@playwright/test';

/** Terms as the issue form takes them: what is left out stays empty. */
export interface IssueTerms {
  /** The agent's name, as the select lists it. */
  agent: string;
  name: string;
  tokens?: string;
  minorUnits?: string;
  currency?: string;
  draws?: string;
  perDrawTokens?: string;
  perDrawMinorUnits?: string;
  /** `datetime-local` values: `2030-01-31T09:00`. */
  notBefore?: string;
  notAfter?: string;
}

/**
 * The Authorities page: a summary table of live authorities, the issue form
 * behind its button, and every authority as an article named by its heading.
 */
export class AuthoritiesPage {
  readonly heading: Locator;
  /** The button that shows (and folds away) the issue form. */
  readonly issueButton: Locator;
  readonly issueForm: Locator;
  /** The live authorities, one table row each. */
  readonly summary: Locator;
  readonly list: Locator;
  /** The header's live-updates indicator. */
  readonly liveStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Authorities', level: 1 });
    this.issueButton = page.getByRole('button', { name: 'Issue an authority', exact: true });
    this.issueForm = page.getByRole('region', { name: 'Issue an authority' });
    this.summary = page.getByRole('region', { name: 'Live authorities' });
    this.list = page.getByRole('region', { name: 'Issued authorities' });
    this.liveStatus = page.getByRole('status', { name: 'Live updates' });
  }

  /** Opens the page and waits until the list has loaded and the live connection is up. */
  async open(): Promise<void> {
    await this.page.goto('/authorities');
    await expect(this.heading).toBeVisible();
    await expect(this.list.getByRole('status')).toHaveCount(0);
    await expect(this.liveStatus).toHaveText('Live');
  }

  /** Shows the issue form (it starts folded away behind its button), if it is not shown already. */
  async openIssueForm(): Promise<void> {
    if ((await this.issueButton.getAttribute('aria-expanded')) !== 'true') await this.issueButton.click();
    await expect(this.issueButton).toHaveAttribute('aria-expanded', 'true');
    await expect(this.issueForm).toBeVisible();
  }

  /** Opens the issue form if needed, fills it with `terms` and submits it. */
  async issue(terms: IssueTerms): Promise<void> {
    await this.openIssueForm();
    const form = this.issueForm;
    await form.getByLabel('Agent', { exact: true }).selectOption({ label: terms.agent });
    await form.getByLabel('Name', { exact: true }).fill(terms.name);
    const fields: [keyof IssueTerms, string][] = [
      ['tokens', 'Tokens'],
      ['minorUnits', 'Amount'],
      ['currency', 'Currency'],
      ['draws', 'Draws'],
      ['perDrawTokens', 'Per-draw tokens'],
      ['perDrawMinorUnits', 'Per-draw amount'],
      ['notBefore', 'Not before'],
      ['notAfter', 'Not after'],
    ];
    for (const [key, label] of fields) {
      const value = terms[key];
      if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Issue authority' }).click();
  }

  /** What the form says went wrong (its own checks or the API's refusal). */
  formAlert(): Locator {
    return this.issueForm.getByRole('alert');
  }

  /** A live authority's row in the summary table, by its name (the row header). */
  summaryRow(name: string): Locator {
    return this.summary.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  /** A cell of a summary row, by its column's header ("Agent", "Drawn / ceiling", "Window", "Last draw"). */
  async summaryCell(name: string, column: string): Promise<Locator> {
    const headers = await this.summary.getByRole('columnheader').allTextContents();
    const index = headers.findIndex((header) => header.trim() === column);
    if (index < 0) throw new Error(`No column "${column}" in the summary: ${headers.join(', ')}`);
    // The row header is the first cell; the others follow in column order.
    return index === 0
      ? this.summaryRow(name).getByRole('rowheader')
      : this.summaryRow(name)
          .getByRole('cell')
          .nth(index - 1);
  }

  /** An authority, by its name (its heading). */
  authority(name: string): Locator {
    return this.list.getByRole('article', { name, exact: true });
  }

  /** An authority's balance bar: `label` is "Tokens drawn", "Money drawn" or "Draws made". */
  balance(name: string, label: string): Locator {
    return this.authority(name).getByRole('progressbar', { name: label, exact: true });
  }

  /** A receipt's row, by its dispatch key (the row header). */
  receipt(name: string, dispatchKey: string): Locator {
    return this.authority(name)
      .getByRole('table', { name: 'Receipts' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: dispatchKey, exact: true }) });
  }

  /** Revokes an authority with a reason through its dialog, and waits for the dialog to close. */
  async revoke(name: string, reason: string): Promise<void> {
    await this.authority(name).getByRole('button', { name: 'Revoke', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Revoke authority' }).click();
    await expect(dialog).toBeHidden();
  }
}
