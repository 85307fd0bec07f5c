import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium where installed (Playwright cannot download its own here), Playwright's elsewhere. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * End-to-end flows against a real API (embedded PostgreSQL) serving the built
 * console; each worker starts its own server (see fixtures.ts), so the suite
 * runs one worker at a time to keep the machine's load predictable.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    // The console formats dates and countdowns for the browser's locale; flows read them in English.
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(existsSync(DEBIAN_CHROMIUM) ? { executablePath: DEBIAN_CHROMIUM } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium' }],
});
