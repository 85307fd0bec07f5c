import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The History page: each decided request a row group (a compact row named by
 * its request heading, and its details once opened), filters by state, agent
 * and the days asked (kept in the address), and paging.
 */
export class HistoryPage {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly stateFilter: Locator;
  readonly agentFilter: Locator;
  readonly fromFilter: Locator;
  readonly toFilter: Locator;
  readonly clearFilters: Locator;
  readonly loadMoreButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'History', level: 1 });
    this.filters = page.getByRole('search', { name: 'Filter history' });
    this.stateFilter = this.filters.getByLabel('State');
    this.agentFilter = this.filters.getByLabel('Agent');
    this.fromFilter = this.filters.getByLabel('Asked from');
    this.toFilter = this.filters.getByLabel('Asked until');
    this.clearFilters = this.filters.getByRole('button', { name: 'Clear filters' });
    this.loadMoreButton = page.getByRole('button', { name: 'Load more' });
    this.table = page.getByRole('table');
  }

  /** Opens History, with a query string (`?agent=…`) when given, and waits for the list. */
  async open(search = ''): Promise<void> {
    await this.page.goto(`/history${search}`);
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

  /** Chooses an agent by its name ("All agents" for every one) and waits for the list to load. */
  async filterByAgent(label: string): Promise<void> {
    await this.agentFilter.selectOption({ label });
    await this.waitUntilLoaded();
  }

  /** A request's entry (its row and, once opened, its details), found by the start of its heading. */
  row(title: string): Locator {
    return this.page.getByRole('rowgroup').filter({ has: this.page.getByRole('rowheader', { name: title }) });
  }

  /** Every entry whose heading mentions `text` (an agent's name, say). */
  rowsMentioning(text: string): Locator {
    return this.row(text);
  }

  /** The disclosure button of a request's entry. */
  toggle(title: string): Locator {
    return this.row(title).getByRole('button', { name: title });
  }

  /** Opens a request's details and returns the entry. */
  async expand(title: string): Promise<Locator> {
    const toggle = this.toggle(title);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return this.row(title);
  }

  /** The fact a request's open details give under `term` ("Reason", "Requested", "Expired", …). */
  fact(title: string, term: string): Locator {
    const exactly = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    // A definition has no name of its own: it is the one right after its term.
    return this.row(title).getByRole('term').filter({ hasText: exactly }).locator('xpath=following-sibling::dd[1]');
  }
}
