import { expect, type Locator, type Page } from '@playwright/test';

/** The Settings page's notification channels: webhook endpoints, email, push devices. */
export class NotificationSettings {
  readonly endpoints: Locator;
  readonly email: Locator;
  readonly push: Locator;
  /** The shown-once secret panel (on creation or rotation). */
  readonly secretPanel: Locator;

  constructor(readonly page: Page) {
    this.endpoints = page.getByRole('region', { name: 'Webhook endpoints' });
    this.email = page.getByRole('region', { name: 'Email' });
    this.push = page.getByRole('region', { name: 'Push notifications' });
    this.secretPanel = this.endpoints.getByRole('status').filter({ has: page.getByRole('heading', { name: /signing secret$/i }) });
  }

  async open(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(this.endpoints.getByText('Loading endpoints…')).toHaveCount(0);
  }

  /** Adds an endpoint receiving the events whose labels are given, and answers the secret its panel shows (this once). */
  async addEndpoint(url: string, { events, description }: { events: readonly string[]; description?: string }): Promise<string> {
    const form = this.endpoints.getByRole('group', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    for (const checkbox of await form.getByRole('checkbox').all()) await checkbox.uncheck();
    for (const event of events) await form.getByRole('checkbox', { name: event }).check();
    if (description !== undefined) await form.getByLabel('Description (optional)').fill(description);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(this.secretPanel.getByRole('heading', { name: 'Signing secret' })).toBeVisible();
    return this.secretPanel.getByLabel('Webhook secret').inputValue();
  }

  /** An endpoint, an article named by its URL. */
  endpoint(url: string): Locator {
    return this.endpoints.getByRole('article', { name: url, exact: true });
  }

  /** An endpoint's recent deliveries table. */
  deliveries(url: string): Locator {
    return this.endpoint(url).getByRole('table', { name: 'Recent deliveries' });
  }

  /** Whether anything is wider than the viewport: a phone would scroll sideways. */
  async overflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }
}
