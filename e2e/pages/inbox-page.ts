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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A row link's accessible name: what the row shows ("<agent> <effect>"), then ": <title>". */
export function rowName(title: string): RegExp {
  return new RegExp(`: ${escapeRegExp(title)}$`);
}

/**
 * The Inbox: a triage list of pending requests (live), one row each, named
 * by the row's link; on a wide screen the row under the cursor opens in a
 * pane beside the list, an article named by its heading. A decided request
 * collapses in place into a one-line outcome, and a toast says what came of it.
 */
export class InboxPage {
  readonly heading: Locator;
  /** "Waiting for you": the list of pending requests (and, for a few seconds, the ones just decided). */
  readonly waiting: Locator;
  /** The selection's actions, present while requests are selected. */
  readonly batch: Locator;
  /** The last outcome, announced. */
  readonly toast: Locator;
  /** The header's live-updates indicator. */
  readonly liveStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /^Inbox/, level: 1 });
    this.waiting = page.getByRole('region', { name: 'Waiting for you' });
    this.batch = page.getByRole('region', { name: 'Selected requests' });
    this.toast = page.locator('.toast');
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

  /** A waiting request's row link, by the request's title (the link's name is what the row shows, then the title). */
  pendingRequest(title: string): Locator {
    return this.waiting.getByRole('link', { name: rowName(title) });
  }

  /** The waiting rows of one agent's requests (their titles start with its name). */
  rowsFrom(agentName: string): Locator {
    return this.waiting.getByRole('link', { name: new RegExp(`: ${escapeRegExp(agentName)} asks `) });
  }

  /** A waiting request's whole row (checkbox, effect, target, risk, amount, time left). */
  row(title: string): Locator {
    return this.waiting.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: rowName(title) }) });
  }

  /** The rows still waiting, in the order shown (not the ones just decided, nor an open one that left the list). */
  pendingRows(): Locator {
    return this.waiting.locator('li.triage-row:not(.settled):not(.gone)');
  }

  /**
   * The row opened without the owner's own j/k/click (after a decision, or
   * the first row on arrival): flashed while a, d and the batch wait 700 ms.
   * Specs wait for it to go before deciding by key.
   */
  arriving(): Locator {
    return this.waiting.locator('li.triage-row.arriving');
  }

  /** The open request, in the pane beside the list. */
  detail(title: string): Locator {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** The one-line outcome a request decided from this tab leaves in the list for a few seconds. */
  outcome(title: string): Locator {
    return this.waiting.locator('li.settled').filter({ hasText: title });
  }

  /** Opens a request in the pane with a click on its row and answers the pane. */
  async select(title: string): Promise<Locator> {
    await this.pendingRequest(title).click();
    const detail = this.detail(title);
    await expect(detail).toBeVisible();
    return detail;
  }

  /**
   * Approves a waiting request through its gesture: `confirm` answers a
   * medium-risk request's confirmation, `type` types what a high-risk one
   * asks for (`true`: whatever the dialog shows to type).
   */
  async approve(title: string, { note, confirm = false, type }: { note?: string; confirm?: boolean; type?: string | true } = {}): Promise<void> {
    const detail = await this.select(title);
    if (note !== undefined) await detail.getByLabel('Note').fill(note);
    await detail.getByRole('button', { name: 'Approve', exact: true }).click();
    if (confirm) {
      const dialog = this.confirmDialog();
      await dialog.getByRole('button', { name: 'Yes, approve' }).click();
      await expect(dialog).toBeHidden();
    }
    if (type !== undefined) {
      const dialog = this.typeToApproveDialog();
      await dialog.getByRole('textbox').fill(type === true ? await dialog.locator('.phrase').innerText() : type);
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  }

  async deny(title: string, { note }: { note?: string } = {}): Promise<void> {
    const detail = await this.select(title);
    if (note !== undefined) await detail.getByLabel('Note').fill(note);
    await detail.getByRole('button', { name: 'Deny' }).click();
  }

  /** The confirmation a medium-risk request asks for, stating its effect. */
  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve this request?' });
  }

  /** The high-risk gesture: type the target (or the amount) to approve. */
  typeToApproveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve a high-risk request?' });
  }

  /** The number of pending requests the tab title shows ("(3) Countersign"), 0 for a bare "Countersign". */
  async pendingCountInTitle(): Promise<number> {
    const match = /^\((\d+)\+?\) Countersign$/.exec(await this.page.title());
    return match ? Number(match[1]) : 0;
  }
}
