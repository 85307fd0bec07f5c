import { expect, type Locator, type Page } from '@playwright/test';

/** The History page: decided requests as table rows (named by their request heading), a state filter and paging. */
export class HistoryPage {
  readonly heading: Locator;
  readonly stateFilter: Locator;
  readonly loadMoreButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'History', level: 1 });
    this.stateFilter = page.getByLabel('State');
    this.loadMoreButton = page.getByRole('button', { name: 'Load more' });
    this.table = page.getByRole('table');
  }

  async open(): Promise<void> {
    await this.page.goto('/history');
    await expect(this.heading).toBeVisible();
    await this.waitUntilLoaded();
  }

  async waitUntilLoaded(): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  }

  /** Chooses a state by its label ("All", "Denied", …) and waits for the list to load. */
  async filterBy(label: string): Promise<void> {
    await this.stateFilter.selectOption({ label });
    await this.waitUntilLoaded();
  }

  /** The row of a request, found by the start of its heading (the row header also names op and hash). */
  row(title: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: title }) });
  }

  /** Every row whose heading mentions `text` (an agent's name, say). */
  rowsMentioning(text: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: text }) });
  }
}
