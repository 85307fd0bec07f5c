import type { Page } from '@playwright/test';

/** A system notification the page constructed, as the test sees it. */
export interface RecordedNotification {
  title: string;
  body: string | undefined;
  tag: string | undefined;
  closed: boolean;
}

interface RecorderWindow {
  __recordedNotifications: { title: string; body?: string; tag?: string; closed: boolean; instance: EventTarget }[];
  __setVisibility: (state: DocumentVisibilityState) => void;
}

/**
 * Installed before the console's scripts: a tab the test can make hidden
 * (the page reads `document.visibilityState` and hears `visibilitychange` as
 * it would when the owner switches tabs, which a headless browser never
 * does), and a `Notification` that is the browser's own, constructed for
 * real, but also written down so the test can read what it says and click it.
 */
function installRecorder(initialVisibility: DocumentVisibilityState): void {
  const recorder = window as unknown as Window & RecorderWindow;
  let visibility = initialVisibility;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
  recorder.__setVisibility = (state) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  recorder.__recordedNotifications = [];
  const BrowserNotification = window.Notification;
  class RecordedNotification extends BrowserNotification {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      recorder.__recordedNotifications.push({ title, body: options?.body, tag: options?.tag, closed: false, instance: this });
    }
    override close(): void {
      const entry = recorder.__recordedNotifications.find((candidate) => candidate.instance === this);
      if (entry) entry.closed = true;
      super.close();
    }
  }
  window.Notification = RecordedNotification;
}

/** Prepares `page` (before its first navigation) to record notifications, with the tab hidden or visible to start with. */
export async function recordNotifications(page: Page, visibility: DocumentVisibilityState): Promise<void> {
  await page.addInitScript(installRecorder, visibility);
}

/** The notifications the page has constructed so far, oldest first. */
export function recordedNotifications(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() =>
    (window as unknown as RecorderWindow).__recordedNotifications.map(({ title, body, tag, closed }) => ({ title, body, tag, closed })),
  );
}

/** Clicks the notification tagged `tag`, as the owner clicking it in the system's notification centre. */
export async function clickNotification(page: Page, tag: string): Promise<void> {
  await page.evaluate((wanted) => {
    const entry = (window as unknown as RecorderWindow).__recordedNotifications.find((candidate) => candidate.tag === wanted);
    if (!entry) throw new Error(`No notification tagged ${wanted}`);
    entry.instance.dispatchEvent(new Event('click'));
  }, tag);
}

/** The tab's icon, as the page last set it (a data: URL once the console drew the count). */
export function faviconHref(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? null);
}
