import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { InboxPage, requestTitle, rowName } from '../pages/inbox-page.js';
import { postGraphQL } from '../support/graphql.js';

// A server of its own (the value names it, so no other file shares it): the Inbox must hold exactly the 25 requests this flow triages.
test.use({ dedicatedServer: 'keyboard-triage' });

const STATES = /* GraphQL */ `
  query States {
    signOffs(first: 100) {
      nodes {
        id
        state
        note
      }
    }
  }
`;

/** Presses keys one after another, as an owner would, counting them for the note. */
async function press(page: Page, counter: { presses: number }, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    await page.keyboard.press(key);
    counter.presses += 1;
  }
}

test('25 requests triaged by keyboard alone: 10 low-risk approved as one batch, 3 denied with one note, a high-risk one approved after typing its target', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  test.setTimeout(120_000);
  await signInAsOwner(context);
  const site = await seedAgent(uniqueName('site-bot'));
  const ops = await seedAgent(uniqueName('ops-bot'));
  const billing = await seedAgent(uniqueName('billing-bot'));
  const siteRepository = (await site.client.createRepository(uniqueName('site'))).name;
  const opsRepository = (await ops.client.createRepository(uniqueName('ops'))).name;
  const oldDocs = (await ops.client.createRepository(uniqueName('old-docs'))).name;

  // In the order they arrive, which is also the order of time left: 13 low-risk read tokens first, then the rest.
  const readToken = (client: typeof site.client, repository: string, hours: number) =>
    client.requestSignOff({ op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: hours }, summary: `Read token for ${hours} h` });
  const ids: string[] = [];
  for (let hours = 1; hours <= 13; hours++) ids.push((await readToken(site.client, siteRepository, hours)).signOff.id);
  const deletion = await ops.client.requestSignOff({ op: 'repository.delete', repository: oldDocs, input: {}, summary: 'Remove the retired docs' });
  ids.push(deletion.signOff.id);
  for (let hours = 1; hours <= 3; hours++) {
    const { signOff } = await ops.client.requestSignOff({
      op: 'repository.mintToken',
      repository: opsRepository,
      input: { scopes: ['write'], ttlHours: hours },
      summary: `Write token for ${hours} h`,
    });
    ids.push(signOff.id);
  }
  for (let hours = 1; hours <= 7; hours++) ids.push((await readToken(ops.client, opsRepository, hours)).signOff.id);
  const grant = await billing.client.requestSignOff({
    op: 'authority.grant',
    input: { name: 'Cloud spend', minorUnits: 10_000_000, currency: 'EUR', draws: 40 },
    summary: 'Spend on cloud bills',
  });
  ids.push(grant.signOff.id);
  expect(ids).toHaveLength(25);

  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.heading).toContainText('25 waiting');
  await expect(inbox.pendingRows()).toHaveCount(25);

  // Two lines per request (the effect on its own), 64 to 80 px each: a laptop screen still shows nine or more at once.
  const heights = await inbox.pendingRows().evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  for (const height of heights) {
    expect(height).toBeGreaterThanOrEqual(64);
    expect(height).toBeLessThanOrEqual(80);
  }

  // The figures for the note, from the production build this suite serves: a fresh load of the Inbox, measured by the browser.
  await page.reload();
  await expect(inbox.pendingRows()).toHaveCount(25);
  const load = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith('.js'));
    return {
      rowsShownMs: Math.round(performance.now()),
      domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
      scriptBytesOnTheWire: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      scripts: scripts.length,
    };
  });
  await expect(inbox.liveStatus).toHaveText('Live');
  // From here the page's clock (installed after the figures, which read the browser's own performance entries) flows as
  // usual; the test runs it forward through each 5 s Undo a low-risk decision by key is held for.
  await page.clock.install();
  const keys = { presses: 0 };

  // ? lists the keys; Escape closes the list.
  await press(page, keys, '?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await press(page, keys, 'Escape');
  await expect(shortcuts).toBeHidden();

  // x selects, j moves: the first ten rows, then a approves them as one batch.
  for (let row = 0; row < 10; row++) await press(page, keys, 'x', 'j');
  await expect(inbox.batch).toContainText('10 selected');
  await press(page, keys, 'a');
  await expect(inbox.toast).toContainText('Approving 10 requests in 5 s');
  await page.clock.runFor(5_000);
  await expect(inbox.toast).toContainText('Approved 10 requests.');
  await expect(inbox.heading).toContainText('15 waiting');
  // The focus is on the next waiting request, never on the page body.
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`: ${site.name} asks to`));

  // Three more selected, d puts the focus in the batch's note, Enter denies them all with it.
  await press(page, keys, 'x', 'j', 'x', 'j', 'x');
  await expect(inbox.batch).toContainText('3 selected');
  await press(page, keys, 'd');
  await expect(inbox.batch.getByLabel('Note for all (Enter denies)')).toBeFocused();
  await page.keyboard.type('Read tokens wait for the audit.');
  await press(page, keys, 'Enter');
  await expect(inbox.toast).toContainText('Denying 3 requests in 5 s');
  await page.clock.runFor(5_000);
  await expect(inbox.toast).toContainText('Denied 3 requests.');
  await expect(inbox.heading).toContainText('12 waiting');

  // The cursor is on the deletion now: a opens its high-risk gesture, which takes the repository's name typed out.
  const deletionTitle = requestTitle(ops.name, deletion.signOff.description);
  await expect(page.locator(':focus')).toHaveAccessibleName(rowName(deletionTitle));
  // The denial moved the cursor there, so a waits a moment (UI5): the row is flashed until it may be decided.
  await expect(inbox.arriving()).toHaveCount(0);
  await press(page, keys, 'a');
  const dialog = inbox.typeToApproveDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  await page.keyboard.type(oldDocs.slice(0, -1));
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  await page.keyboard.type(oldDocs.slice(-1));
  await press(page, keys, 'Enter');
  await expect(dialog).toBeHidden();
  await expect(inbox.toast).toContainText(`${deletionTitle}: Approved. It ran and succeeded.`);
  await expect(inbox.heading).toContainText('11 waiting');
  await expect(inbox.pendingRows()).toHaveCount(11);

  // What the API holds agrees with what the Inbox showed.
  const answer = await postGraphQL<{ signOffs: { nodes: { id: string; state: string; note: string | null }[] } }>(context.request, STATES);
  const byId = new Map((answer.data?.signOffs.nodes ?? []).map((node) => [node.id, node]));
  expect(ids.slice(0, 10).map((id) => byId.get(id)?.state)).toEqual(Array(10).fill('SUCCEEDED'));
  expect(ids.slice(10, 13).map((id) => byId.get(id))).toEqual(
    ids.slice(10, 13).map((id) => ({ id, state: 'DENIED', note: 'Read tokens wait for the audit.' })),
  );
  expect(byId.get(deletion.signOff.id)?.state).toBe('SUCCEEDED');
  expect(ids.slice(14).map((id) => byId.get(id)?.state)).toEqual(Array(11).fill('PENDING'));

  // And so does History: 14 decided requests, 3 of them denied.
  const history = new HistoryPage(page);
  await history.open();
  await expect(history.rowsMentioning(site.name)).toHaveCount(13);
  await expect(history.rowsMentioning(ops.name)).toHaveCount(1);
  await history.filterBy('Denied');
  await expect(history.rowsMentioning(site.name)).toHaveCount(3);

  const figures = { rowHeightPx: Math.max(...heights), keyPresses: keys.presses, ...load };
  test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });
  console.log(`inbox figures: ${JSON.stringify(figures)}`);
});
