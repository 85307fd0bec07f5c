import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { InboxPage } from '../pages/inbox-page.js';
import { postGraphQL } from '../support/graphql.js';
import { decideThroughApi } from '../support/sign-offs.js';

// A server of its own (the value names it): a second owner joins here, and the Inbox holds exactly the 21 requests seeded.
test.use({ dedicatedServer: 'readable-list' });

/** No cut leaves fewer characters of a text than this (issue 26, item 3). */
const LEAST_SHOWN = 40;

/** A repository name as agents choose them: long, its end telling it from its siblings. */
const LONG_REPOSITORY = (suffix: string) => `${uniqueName('payments-api')}-eu-central-1-production-cluster-${suffix}`;

/** Invites a second owner through the API and accepts the link in a context of its own: from then on deletions need two approvals. */
async function addSecondOwner(owner: APIRequestContext, other: APIRequestContext): Promise<void> {
  const invited = await postGraphQL<{ inviteOwner: { __typename: string; token?: string } }>(
    owner,
    `mutation { inviteOwner(input: { note: "second" }) { __typename ... on OwnerInvited { token } } }`,
  );
  const token = invited.data?.inviteOwner.token;
  expect(token, `inviting a second owner: ${JSON.stringify(invited)}`).toBeTruthy();
  const accepted = await postGraphQL<{ acceptOwnerInvitation: { __typename: string } }>(
    other,
    `mutation($input: AcceptOwnerInvitationInput!) { acceptOwnerInvitation(input: $input) { __typename } }`,
    { variables: { input: { token, email: `${uniqueName('second')}@acme.test`, password: 'another long passphrase' } } },
  );
  expect(accepted.data?.acceptOwnerInvitation.__typename).toBe('OwnerInvitationAccepted');
}

/** 21 mixed requests from three agents: tokens, serving, a transfer, a grant with money, deletions, one approved once of two. */
async function seedTwentyOne(request: APIRequestContext, other: APIRequestContext, seedAgent: (name: string) => Promise<SeededAgent>) {
  const site = await seedAgent(uniqueName('site-bot'));
  const ops = await seedAgent(uniqueName('ops-bot'));
  const billing = await seedAgent(uniqueName('billing-bot'));
  const short = (await site.client.createRepository(uniqueName('docs'))).name;
  const long = (await ops.client.createRepository(LONG_REPOSITORY('a'))).name;
  const longer = (await ops.client.createRepository(LONG_REPOSITORY('b'))).name;
  const ids: string[] = [];
  const ask = async (agent: SeededAgent, request: Parameters<SeededAgent['client']['requestSignOff']>[0]) =>
    ids.push((await agent.client.requestSignOff(request)).signOff.id);
  for (let hours = 1; hours <= 7; hours++) {
    await ask(site, { op: 'repository.mintToken', repository: short, input: { scopes: ['read'], ttlHours: hours * 4 }, summary: `Read ${hours}` });
  }
  for (let hours = 1; hours <= 4; hours++) {
    await ask(ops, {
      op: 'repository.mintToken',
      repository: hours % 2 ? long : longer,
      input: { scopes: ['read', 'write'], ttlHours: hours * 24 },
      summary: 'Deploy',
    });
  }
  await ask(ops, { op: 'repository.serve', repository: long, input: {}, summary: 'Serve it again' });
  await ask(ops, { op: 'repository.unserve', repository: longer, input: {}, summary: 'Pause it' });
  await ask(ops, { op: 'repository.transfer', repository: long, input: { to: 'finance-operations@acme.test' }, summary: 'Hand over' });
  for (let index = 0; index < 3; index++) {
    await ask(billing, {
      op: 'authority.grant',
      input: { name: `Cloud spend ${index}`, minorUnits: 10_000_000 + index, currency: 'EUR', draws: 40 },
      summary: 'Spend on cloud bills',
    });
  }
  await ask(site, { op: 'repository.delete', repository: short, input: {}, summary: 'Remove the docs' });
  await ask(ops, { op: 'repository.unserve', repository: long, input: {}, summary: 'Pause the first' });
  await ask(site, { op: 'repository.serve', repository: short, input: {}, summary: 'Serve the docs' });
  // Once a second owner joins, a deletion needs two approvals: the first owner's leaves it approved once, waiting.
  await addSecondOwner(request, other);
  const { signOff: twoPerson } = await ops.client.requestSignOff({ op: 'repository.delete', repository: longer, input: {}, summary: 'Remove the old cluster' });
  ids.push(twoPerson.id);
  expect(await decideThroughApi(request, twoPerson.id, true)).toBe('PARTIALLY_APPROVED');
  expect(ids).toHaveLength(21);
  return { twoPerson: twoPerson.id };
}

interface RowMeasure {
  top: number;
  bottom: number;
  height: number;
  effect: { text: string; shown: number };
  agent: { text: string; shown: number };
  target: { text: string; shown: number } | null;
  chip: string | null;
  overlaps: string[];
}

/**
 * Measures every waiting row in the browser: its box, and for the effect, the
 * agent and the target the characters actually drawn inside their boxes (by
 * a Range per character, less the ellipsis), and which of the row's parts
 * overprint one another.
 */
async function measureRows(page: Page): Promise<{ innerHeight: number; rows: RowMeasure[] }> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    /** The characters of `text`'s text drawn within `clip`'s box, the place an ellipsis takes excluded. */
    const shown = (clip: Element, text: Element): number => {
      const box = clip.getBoundingClientRect();
      const cut = (clip as HTMLElement).scrollWidth > (clip as HTMLElement).clientWidth + 0.5;
      let ellipsis = 0;
      if (cut && canvas) {
        canvas.font = getComputedStyle(clip).font;
        ellipsis = canvas.measureText('…').width;
      }
      const range = document.createRange();
      let count = 0;
      const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        let offset = 0;
        for (const character of value) {
          range.setStart(node, offset);
          range.setEnd(node, offset + character.length);
          offset += character.length;
          const rect = range.getBoundingClientRect();
          if (rect.width > 0 && rect.left >= box.left - 0.5 && rect.right <= box.right - ellipsis + 0.5) count += 1;
        }
      }
      return count;
    };
    const rows = Array.from(document.querySelectorAll('li.triage-row:not(.settled):not(.gone)'));
    return {
      innerHeight: window.innerHeight,
      rows: rows.map((row) => {
        const rect = row.getBoundingClientRect();
        const link = row.querySelector('a.open');
        const line = row.querySelector('.effect-line');
        const agent = row.querySelector('.agent');
        const target = row.querySelector('.target');
        if (!link || !line || !agent) throw new Error(`a row without its effect or agent: ${row.textContent}`);
        const start = target?.querySelector('.start');
        const end = target?.querySelector('.end');
        const parts = ['a.open', ':scope > .badge', '.agent', '.target', '.two-person', '.amount', '.left']
          .map((selector) => ({ selector, box: row.querySelector(selector)?.getBoundingClientRect() }))
          .filter((part): part is { selector: string; box: DOMRect } => part.box !== undefined && part.box.width > 0);
        const overlaps: string[] = [];
        for (const [index, a] of parts.entries()) {
          for (const b of parts.slice(index + 1)) {
            const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (x > 0.5 && y > 0.5) overlaps.push(`${a.selector} × ${b.selector}`);
          }
        }
        return {
          top: rect.top,
          bottom: rect.bottom,
          height: rect.height,
          effect: { text: line.textContent ?? '', shown: shown(link, line) },
          agent: { text: agent.textContent ?? '', shown: shown(agent, agent) },
          target: target && start ? { text: target.textContent ?? '', shown: shown(start, start) + Array.from(end?.textContent ?? '').length } : null,
          chip: row.querySelector('.two-person')?.textContent ?? null,
          overlaps,
        };
      }),
    };
  });
}

/** The figures for the report: whole rows in the window, px per row, the fewest effect characters shown. */
function figures(measured: { innerHeight: number; rows: RowMeasure[] }) {
  const whole = measured.rows.filter((row) => row.top >= 0 && row.bottom <= measured.innerHeight);
  return {
    rowsVisible: whole.length,
    pxPerRow: Math.max(...measured.rows.map((row) => Math.round(row.height))),
    fewestEffectCharacters: Math.min(...measured.rows.map((row) => row.effect.shown)),
    firstRowTop: Math.round(measured.rows[0]?.top ?? -1),
  };
}

/** A text shown whole, or at least LEAST_SHOWN of its characters. */
function expectReadable(part: { text: string; shown: number }, what: string): void {
  expect.soft(part.shown, `${what}: "${part.text}" shows ${part.shown} characters`).toBeGreaterThanOrEqual(Math.min(LEAST_SHOWN, Array.from(part.text).length));
}

test('at 1280×800 the Inbox shows 9 or more whole requests in two lines each, every effect readable to 40 characters, targets cut in the middle, the two-person state a chip; at 1024×768 nothing overprints', async ({
  page,
  context,
  browser,
  baseURL,
  signInAsOwner,
  seedAgent,
}) => {
  test.setTimeout(120_000);
  await signInAsOwner(context);
  const second = await browser.newContext({ baseURL });
  try {
    await seedTwentyOne(context.request, second.request, seedAgent);
  } finally {
    await second.close();
  }
  const inbox = new InboxPage(page);

  await test.step('1280×800: 9 or more whole rows of 64 to 80 px, every text readable', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await inbox.open();
    await expect(inbox.pendingRows()).toHaveCount(21);
    const measured = await measureRows(page);
    const figured = figures(measured);
    test.info().annotations.push({ type: 'figures 1280×800', description: JSON.stringify(figured) });
    console.log(`readable-list 1280×800: ${JSON.stringify(figured)}`);
    expect(figured.rowsVisible).toBeGreaterThanOrEqual(9);
    for (const [index, row] of measured.rows.entries()) {
      expect.soft(row.height, `row ${index} is two lines`).toBeGreaterThanOrEqual(64);
      expect.soft(row.height, `row ${index} is two lines`).toBeLessThanOrEqual(80);
      expectReadable(row.effect, `row ${index}'s effect`);
      expectReadable(row.agent, `row ${index}'s agent`);
      expect.soft(row.target, `row ${index} names its target`).not.toBeNull();
      if (row.target) expectReadable(row.target, `row ${index}'s target`);
      expect.soft(row.overlaps, `row ${index}'s parts overprint`).toEqual([]);
    }
  });

  await test.step('a long target is cut in the middle: its start and its end both show', async () => {
    const longRow = inbox.pendingRows().filter({ hasText: 'production-cluster-b' }).first();
    const target = longRow.locator('.target');
    await expect(target.locator('.end')).toHaveText('-cluster-b');
    await expect(target.locator('.start')).toContainText('payments-api');
    await expect(target).toHaveAttribute('title', /payments-api-.*-production-cluster-b$/);
  });

  await test.step('the request approved once of two says so as a chip', async () => {
    const chips = inbox.waiting.locator('.two-person');
    await expect(chips).toHaveCount(1);
    await expect(chips).toHaveText('Approved once — needs a second owner');
  });

  await test.step('each checkbox is named by its effect', async () => {
    const firstRow = inbox.pendingRows().first();
    const effect = await firstRow.locator('.effect-line').innerText();
    await expect(firstRow.getByRole('checkbox')).toHaveAccessibleName(effect);
    await firstRow.getByRole('checkbox', { name: effect, exact: true }).check();
    await expect(inbox.batch).toContainText('1 selected');
  });

  await test.step('1024×768: agent, target and the rest never overprint, and effects stay readable', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await inbox.open();
    await expect(inbox.pendingRows()).toHaveCount(21);
    const measured = await measureRows(page);
    const figured = figures(measured);
    test.info().annotations.push({ type: 'figures 1024×768', description: JSON.stringify(figured) });
    console.log(`readable-list 1024×768: ${JSON.stringify(figured)}`);
    for (const [index, row] of measured.rows.entries()) {
      expect.soft(row.overlaps, `row ${index}'s parts overprint`).toEqual([]);
      expectReadable(row.effect, `row ${index}'s effect`);
      expect.soft(row.height, `row ${index} is two or three lines`).toBeLessThanOrEqual(80);
    }
  });
});
