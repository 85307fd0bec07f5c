import type { Locator } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { recordDecisions } from '../support/decisions.js';

/** An iPhone-sized screen: a phone is a first-class triage device (issue 26, item 8). */
const PHONE = { width: 390, height: 844 };
/** The least a finger's target may be, each way. */
const TAP = 44;

// A server of its own (the value names it): the Inbox holds exactly the requests seeded here, in a known order.
test.use({ dedicatedServer: 'phone-triage', viewport: PHONE });

/** The box a tap lands in: a checkbox's is the label around it, anything else its own. */
async function tapBox(target: Locator): Promise<{ width: number; height: number }> {
  return target.evaluate((element) => {
    const box = (element instanceof HTMLInputElement && element.closest('label') ? element.closest('label')! : element).getBoundingClientRect();
    return { width: box.width, height: box.height };
  });
}

async function expectTappable(target: Locator, what: string): Promise<void> {
  const box = await tapBox(target);
  expect.soft(box.height, `${what} is ${box.height} px tall`).toBeGreaterThanOrEqual(TAP);
  expect.soft(box.width, `${what} is ${box.width} px wide`).toBeGreaterThanOrEqual(TAP);
}

test('on a phone the list starts above y = 200 with its filters folded, every tap target is 44 px, and Approve & next moves on to the next request, held a moment there', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agent = await seedAgent(uniqueName('phone-bot'));
  const repository = (await agent.client.createRepository(uniqueName('docs'))).name;
  // In the order of time left, which the Inbox shows by default: A, B, C, then the rest.
  const seeded = [];
  for (let hours = 1; hours <= 12; hours++) {
    const { signOff } = await agent.client.requestSignOff({
      op: 'repository.mintToken',
      repository,
      input: { scopes: ['read'], ttlHours: hours },
      summary: `Read token ${hours}`,
    });
    seeded.push({ signOff, title: requestTitle(agent.name, signOff.description) });
  }
  const [a, b, c] = seeded;
  if (!a || !b || !c) throw new Error('twelve requests were seeded');
  await page.clock.install();
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.pendingRows()).toHaveCount(12);

  await test.step('the first row starts above y = 200: the filters are folded behind one button', async () => {
    const top = await inbox
      .pendingRows()
      .first()
      .evaluate((row) => row.getBoundingClientRect().top);
    test.info().annotations.push({ type: 'first row y on a phone', description: String(Math.round(top)) });
    console.log(`phone-triage: first row at y = ${Math.round(top)}`);
    expect(top).toBeLessThan(200);
    const filters = inbox.waiting.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(inbox.waiting.getByLabel('Agent')).toBeHidden();
    await filters.click();
    await expect(inbox.waiting.getByLabel('Agent')).toBeVisible();
    await expectTappable(inbox.waiting.getByLabel('Agent'), 'the Agent filter');
    await filters.click();
    await expect(inbox.waiting.getByLabel('Agent')).toBeHidden();
  });

  await test.step('the checkboxes, the row links, search and the buttons are 44 px targets', async () => {
    await expectTappable(inbox.waiting.getByRole('checkbox', { name: 'Select all visible' }), 'Select all');
    await expectTappable(inbox.waiting.getByRole('searchbox', { name: 'Search' }), 'Search');
    await expectTappable(inbox.waiting.getByRole('button', { name: 'Filters' }), 'Filters');
    for (const row of (await inbox.pendingRows().all()).slice(0, 4)) {
      await expectTappable(row.getByRole('checkbox'), 'a row checkbox');
      await expectTappable(row.getByRole('link'), 'a row link');
    }
    // A tap on the edge of the checkbox's square still selects.
    const square = await inbox
      .pendingRows()
      .first()
      .getByRole('checkbox')
      .evaluate((box) => box.closest('label')!.getBoundingClientRect().toJSON() as DOMRect);
    await page.mouse.click(square.x + 3, square.y + 3);
    await expect(inbox.pendingRows().first().getByRole('checkbox')).toBeChecked();
    await page.mouse.click(square.x + 3, square.y + 3);
    await expect(inbox.pendingRows().first().getByRole('checkbox')).not.toBeChecked();
  });

  const request = new RequestPage(page);
  const sent = recordDecisions(page);
  await test.step('a tap on the first row opens it on its own page, with Approve & next and Deny & next, 44 px each', async () => {
    // Every row here has the same title (one agent, one repository): the first row is A's, by time left.
    await inbox.pendingRows().first().getByRole('link').click();
    await expect(page).toHaveURL(`/inbox/${a.signOff.id}`);
    await expect(request.request(a.title)).toBeVisible();
    for (const name of ['Approve & next', 'Deny & next']) {
      const button = request.decision.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expectTappable(button, name);
    }
  });

  /**
   * Runs the paused clock a millisecond at a time until `shown` is on screen: the page's own
   * timers (the query library schedules its updates on them) move on, the hold's starts only then.
   */
  const runUntilShown = (shown: Locator) =>
    expect
      .poll(async () => {
        if (await shown.isVisible()) return true;
        await page.clock.runFor(1);
        return false;
      })
      .toBe(true);

  // From here the page's time stands still unless the clock is run: the hold cannot end by itself (and, with no
  // animation frames, clicks are forced: Playwright's wait for a stable element would never end).
  await page.clock.pauseAt(Date.now() + 1_000);
  await test.step('Approve & next approves A and moves on to B, saying what became of A', async () => {
    await request.decision.getByRole('button', { name: 'Approve & next', exact: true }).click({ force: true });
    await expect(page).toHaveURL(`/inbox/${b.signOff.id}`);
    await runUntilShown(request.decision.getByRole('button', { name: 'Deny & next', exact: true }));
    await expect(request.decision.getByRole('status')).toContainText(`${a.title}: Approved.`);
    expect(sent).toHaveLength(1);
  });

  await test.step('B is new on screen: its buttons wait 700 ms (UI5), by the page’s clock', async () => {
    const deny = request.decision.getByRole('button', { name: 'Deny & next', exact: true });
    await expect(deny).toHaveAttribute('aria-disabled', 'true');
    await deny.click({ force: true }); // aria-disabled: Playwright would wait; a finger would not
    await request.decision.getByRole('button', { name: 'Approve & next', exact: true }).click({ force: true });
    await expect(page).toHaveURL(`/inbox/${b.signOff.id}`);
    expect(sent).toHaveLength(1);
    await page.clock.runFor(690);
    await expect(deny).toHaveAttribute('aria-disabled', 'true');
    await page.clock.runFor(10);
    await expect(deny).not.toHaveAttribute('aria-disabled', 'true');
  });

  await test.step('then Deny & next denies B and moves on to C', async () => {
    await request.decision.getByRole('button', { name: 'Deny & next', exact: true }).click({ force: true });
    await expect(page).toHaveURL(`/inbox/${c.signOff.id}`);
    await runUntilShown(request.decision.getByRole('button', { name: 'Deny & next', exact: true }));
    await expect(request.decision.getByRole('status')).toContainText(`${b.title}: Denied.`);
    expect(sent).toHaveLength(2);
    expect((await agent.client.signOff(a.signOff.id))?.state).toBe('SUCCEEDED');
    expect((await agent.client.signOff(b.signOff.id))?.state).toBe('DENIED');
  });
});

test('the console installs to a home screen: its manifest loads, with PNG and SVG icons', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  await page.goto('/inbox');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest).toMatchObject({ name: 'Countersign', start_url: '/inbox', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') {
      // A PNG's width and height are the 4-byte numbers at 16 and 20: they must be what the manifest says.
      const bytes = await image.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  }
});

test('on a phone Settings opens with a navigation to its sections: a link scrolls its section into view', async ({ page, context, signInAsOwner }) => {
  await signInAsOwner(context);
  await page.goto('/settings');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link')).toHaveCount(9);
  const box = await sections.boundingBox();
  expect(box?.y ?? Infinity, 'the navigation is at the top of the page').toBeLessThan(200);
  for (const link of await sections.getByRole('link').all()) await expectTappable(link, `the ${await link.innerText()} link`);
  await sections.getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/settings#api-tokens$/);
  await expect(page.getByRole('region', { name: 'API tokens' })).toBeInViewport();
  await sections.getByRole('link', { name: 'Standing rules' }).click();
  await expect(page).toHaveURL(/\/settings#rules$/);
});
