import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The heading every console view gives a request: "<agent> asks to
 * <description, first letter lowered unless an acronym's>", except for a
 * built-in `op` whose description speaks of the agent in the third person
 * (`authority.grant`: "<agent> asks for a standing authority").
 */
export function requestTitle(agentName: string, description: string, op?: string): string {
  if (op === 'authority.grant') return `${agentName} asks for a standing authority`;
  const lowered = /^.[A-Z]/.test(description) ? description : `${description.charAt(0).toLowerCase()}${description.slice(1)}`;
  return `${agentName} asks to ${lowered}`;
}

/** The Inbox: pending requests (live), each an article named by its heading, and the outcomes of this tab's decisions. */
export class InboxPage {
  readonly heading: Locator;
  /** "Waiting for you": the pending requests. */
  readonly waiting: Locator;
  /** "Decided just now": what came of this tab's decisions, including lost ones. */
  readonly settled: Locator;
  /** The header's live-updates indicator. */
  readonly liveStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Inbox', level: 1 });
    this.waiting = page.getByRole('region', { name: 'Waiting for you' });
    this.settled = page.getByRole('region', { name: 'Decided just now' });
    this.liveStatus = page.getByRole('status', { name: 'Live updates' });
  }

  /** Opens the inbox and waits until it has loaded and its subscription is connected. */
  async open(): Promise<void> {
    await this.page.goto('/inbox');
    await this.waitUntilLive();
  }

  async waitUntilLive(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.waiting.getByRole('status')).toHaveCount(0);
    await expect(this.liveStatus).toHaveText('Live');
  }

  /** A request anywhere on the page (waiting or just decided), by its heading. */
  request(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** A request still waiting for a decision. */
  pendingRequest(title: string): Locator {
    return this.waiting.getByRole('article', { name: title, exact: true });
  }

  /** Approves a waiting request; `confirm` answers the irreversible-operation dialog. */
  async approve(title: string, { note, confirm = false }: { note?: string; confirm?: boolean } = {}): Promise<void> {
    const request = this.pendingRequest(title);
    if (note !== undefined) await request.getByLabel('Note').fill(note);
    await request.getByRole('button', { name: 'Approve' }).click();
    if (confirm) {
      const dialog = this.confirmDialog();
      await dialog.getByRole('button', { name: 'Yes, approve' }).click();
      await expect(dialog).toBeHidden();
    }
  }

  async deny(title: string, { note }: { note?: string } = {}): Promise<void> {
    const request = this.pendingRequest(title);
    if (note !== undefined) await request.getByLabel('Note').fill(note);
    await request.getByRole('button', { name: 'Deny' }).click();
  }

  /** The confirmation an irreversible operation asks for before it is approved. */
  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve something irreversible?' });
  }

  /** The number of pending requests the tab title shows ("(3) Countersign"), 0 for a bare "Countersign". */
  async pendingCountInTitle(): Promise<number> {
    const match = /^\((\d+)\+?\) Countersign$/.exec(await this.page.title());
    return match ? Number(match[1]) : 0;
  }
}
