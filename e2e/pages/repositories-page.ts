import { expect, type Locator, type Page } from '@playwright/test';

/** The Repositories page: the create form and the list of live repositories. */
export class RepositoriesPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Repositories', level: 1 });
    this.list = page.getByRole('region', { name: 'Your repositories' });
    this.error = page.getByRole('region', { name: 'Create a repository' }).getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/repositories');
    await expect(this.heading).toBeVisible();
    await expect(this.list.getByRole('status')).toHaveCount(0);
  }

  async createRepository(name: string): Promise<void> {
    await this.page.getByLabel('Repository name').fill(name);
    await this.page.getByRole('button', { name: 'Create repository' }).click();
  }

  /** The repository's row, by its name (the row header). */
  row(name: string): Locator {
    return this.list.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }
}
