import { expect, type Locator, type Page } from '@playwright/test';

/** One request's own page (`/inbox/<id>`), where notifications lead: the request, and its decision or outcome. */
export class RequestPage {
  /** The decision: the note and the Approve / Deny buttons, while the request is pending. */
  readonly decision: Locator;
  /** What came of the request, once decided (here or elsewhere). */
  readonly outcome: Locator;
  /** The header's live-updates indicator. */
  readonly liveStatus: Locator;

  constructor(readonly page: Page) {
    this.decision = page.getByRole('region', { name: 'Decision' });
    this.outcome = page.getByRole('region', { name: 'Outcome' });
    this.liveStatus = page.getByRole('status', { name: 'Live updates' });
  }

  /** Opens the page of request `id` by its address, as a notification's link would, and waits until it is live. */
  async open(id: string): Promise<void> {
    await this.page.goto(`/inbox/${id}`);
    await expect(this.liveStatus).toHaveText('Live');
  }

  /** The request, an article named by its heading ("<agent> asks to …"). */
  request(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** Approves with an optional note; `confirm` answers the irreversible-operation dialog. */
  async approve({ note, confirm = false }: { note?: string; confirm?: boolean } = {}): Promise<void> {
    if (note !== undefined) await this.decision.getByLabel('Note').fill(note);
    await this.decision.getByRole('button', { name: 'Approve', exact: true }).click();
    if (confirm) {
      const dialog = this.page.getByRole('dialog', { name: 'Approve something irreversible?' });
      await dialog.getByRole('button', { name: 'Yes, approve' }).click();
      await expect(dialog).toBeHidden();
    }
  }

  /** Whether anything is wider than the viewport: a phone would scroll sideways. */
  async overflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }
}
