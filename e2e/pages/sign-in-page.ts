import type { Locator, Page } from '@playwright/test';

/** The sign-in page every signed-out visit is sent to. */
export class SignInPage {
  readonly heading: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign in to Countersign', level: 1 });
    this.error = page.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/sign-in');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
