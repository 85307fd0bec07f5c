import type { Locator, Page } from '@playwright/test';

/** The first-owner setup page, reached through the link the server prints. */
export class SetupPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Set up Countersign', level: 1 });
  }

  async open(setupUrl: string): Promise<void> {
    await this.page.goto(setupUrl);
  }

  async createOwner({ tenantName, email, password }: { tenantName: string; email: string; password: string }): Promise<void> {
    await this.page.getByLabel('Workspace name').fill(tenantName);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Create owner' }).click();
  }
}
