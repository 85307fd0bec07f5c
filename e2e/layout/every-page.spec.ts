import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName, type SeededAgent } from '../fixtures.js';
import { RegistryPage } from '../pages/registry-page.js';
import { startApiServer } from '../support/api-server.js';
import { postGraphQL } from '../support/graphql.js';
import { decideThroughApi } from '../support/sign-offs.js';

/** An iPhone-sized screen and an ordinary laptop: every page must fit both. */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * Checks the page as it stands: nothing wider than the window (the page never
 * scrolls sideways; a wide thing scrolls inside its own box), and no serious
 * or critical axe violation. Soft, so one run reports every page that fails.
 */
async function expectFitsAndAccessible(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // Names what sticks out, so a failure says where to look.
    const widest = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
  expect.soft(scrollWidth, `${where}: the page is wider than the window (sticking out: ${widest.join(', ')})`).toBeLessThanOrEqual(innerWidth);

  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const described = grave.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join('\n'),
  );
  expect
    .soft(
      grave.map((violation) => violation.id),
      `${where}: serious or critical axe violations\n${described.join('\n')}`,
    )
    .toEqual([]);
}

/** Visits `path` at each size and checks it once `ready` says the page shows what was seeded. */
async function checkAtEverySize(page: Page, name: string, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await test.step(`${name} at ${viewport.width}×${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await ready(page);
      await expectFitsAndAccessible(page, `${name} (${path}) at ${viewport.name} ${viewport.width}px`);
    });
  }
}

async function headingShown(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('the setup page fits a phone and a laptop and passes axe', async ({ page }) => {
  test.setTimeout(150_000);
  // The setup page shows only while no owner exists: a server whose link is unused, started for this test alone.
  const fresh = await startApiServer();
  try {
    await checkAtEverySize(page, 'Setup', fresh.setupUrl, (page) => headingShown(page, 'Set up Countersign'));
  } finally {
    await fresh.stop();
  }
});

test.describe('signed out', () => {
  test('the sign-in page fits a phone and a laptop and passes axe', async ({ page, owner: _owner }) => {
    await checkAtEverySize(page, 'Sign in', '/sign-in', (page) => headingShown(page, 'Sign in to Countersign'));
  });

  test('the invitation page fits a phone and a laptop and passes axe', async ({ page, owner, playwright, baseURL }) => {
    // An invitation the worker's owner creates through the API (never accepted here: the tenant keeps one owner).
    const request = await playwright.request.newContext({ baseURL });
    let token: string | undefined;
    try {
      await postGraphQL(request, `mutation($input: SignInInput!) { signIn(input: $input) { __typename } }`, {
        variables: { input: { email: owner.email, password: owner.password } },
      });
      const invited = await postGraphQL<{ inviteOwner: { token?: string } }>(request, `mutation { inviteOwner(input: {}) { ... on OwnerInvited { token } } }`);
      token = invited.data?.inviteOwner.token;
    } finally {
      await request.dispose();
    }
    expect(token, 'creating an invitation through the API').toBeTruthy();
    await checkAtEverySize(page, 'Invitation', `/invite#token=${token}`, async (page) => {
      await headingShown(page, 'Join a Countersign workspace');
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  });
});

const DEFINE_OPERATION = /* GraphQL */ `
  mutation DefineOperation($input: DefineOperationInput!) {
    defineOperation(input: $input) {
      __typename
    }
  }
`;

const ISSUE_AUTHORITY = /* GraphQL */ `
  mutation IssueAuthority($input: IssueAuthorityInput!) {
    issueAuthority(input: $input) {
      __typename
    }
  }
`;

/** What the agent chose and the owner must still read on a phone: no spaces to break at. */
const UNBROKEN = `${'no-spaces-here_'.repeat(8)}end`;

/** An owner-defined operation whose input is long and nested: the JSON the Inbox and the request page show. */
const DEPLOY_SCHEMA = {
  type: 'object',
  properties: {
    target: { type: 'string', title: 'Target' },
    artifacts: { type: 'array', title: 'Artifacts', items: { type: 'string' } },
    settings: { type: 'object', title: 'Settings' },
  },
};

/** Seeds, through the API only, something on every page: pending and decided requests, an operation, an authority, a manifest. */
async function seedEverything(request: Parameters<typeof decideThroughApi>[0], seedAgent: (name: string) => Promise<SeededAgent>) {
  const { name: agentName, client: agent } = await seedAgent(uniqueName('layout-bot'));
  // Repository names are the agent's to choose: 100 characters, no space among them.
  const repository = await agent.createRepository(`${uniqueName('r')}-${'x'.repeat(80)}`.slice(0, 100));

  const op = `${uniqueName('deploy')}.run`.replace(/[^a-z0-9.-]/g, '');
  const defined = await postGraphQL<{ defineOperation: { __typename: string } }>(request, DEFINE_OPERATION, {
    variables: { input: { op, summary: 'Deploy a build', inputSchema: DEPLOY_SCHEMA, risk: 'MEDIUM', runner: 'AGENT' } },
  });
  expect(defined.data?.defineOperation.__typename, `defining ${op}: ${JSON.stringify(defined)}`).toBe('OperationDefined');

  const { signOff: longOne } = await agent.requestSignOff({
    op,
    input: {
      target: UNBROKEN,
      artifacts: Array.from({ length: 6 }, (_, index) => `https://artifacts.example.test/builds/${UNBROKEN}/part-${index}.tar.gz`),
      settings: { region: 'eu-central-1', replicas: 3, notes: `${'A long line of configuration text that goes on. '.repeat(6)}`, flag: UNBROKEN },
    },
    summary: `Deploy ${UNBROKEN}`,
    reason: `Requested by the release train ${UNBROKEN}`,
  });
  await agent.requestSignOff({ op: 'repository.mintToken', repository: repository.name, input: { scopes: ['read'], ttlHours: 2 }, summary: 'Read token' });
  await agent.requestSignOff({ op: 'repository.delete', repository: repository.name, input: {}, summary: `Delete ${UNBROKEN}` });

  const decided = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause it' });
  expect(await decideThroughApi(request, decided.signOff.id, true)).toBe('SUCCEEDED');
  const denied = await agent.requestSignOff({ op: 'repository.serve', repository: repository.name, input: {}, summary: `Serve ${UNBROKEN}` });
  expect(await decideThroughApi(request, denied.signOff.id, false, `Not now: ${UNBROKEN}`)).toBe('DENIED');

  const authorityName = uniqueName('Cloud budget');
  const issued = await postGraphQL<{ issueAuthority: { __typename: string } }>(request, ISSUE_AUTHORITY, {
    variables: { input: { agent: longOne.agent!.id, name: authorityName, tokens: 10000, minorUnits: 500000, currency: 'EUR', draws: 40 } },
  });
  expect(issued.data?.issueAuthority.__typename, `issuing an authority: ${JSON.stringify(issued)}`).toBe('AuthorityIssued');
  // A receipt under an agent-chosen dispatch key, the kind of string that pushes a table sideways.
  const authority = (await agent.authorities()).find((candidate) => candidate.name === authorityName);
  if (!authority) throw new Error(`The agent does not see the authority ${authorityName}`);
  const drawn = await agent.draw({ authority: authority.id, dispatchKey: UNBROKEN, tokens: 2500, minorUnits: 125000 });
  expect(drawn.kind).toBe('drawn');

  const manifestName = uniqueName('deploy-bot');
  const published = await agent.publishManifest(
    `name: ${manifestName}\nversion: "1.0.0"\ndescription: ${UNBROKEN}\nops:\n  - repository.mintToken\n  - repository.serve\n  - ${op}\n`,
  );
  expect(published.kind).toBe('published');

  return { agentName, repository, longOne: longOne.id, op, authorityName, manifestName };
}

test('every signed-in page fits a phone and a laptop and passes axe, with long content seeded', async ({ page, context, signInAsOwner, seedAgent }) => {
  test.setTimeout(180_000);
  await signInAsOwner(context);
  const seeded = await seedEverything(context.request, seedAgent);
  const shows = (text: string) => async (page: Page) => {
    await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
  };

  await checkAtEverySize(page, 'Inbox', '/inbox', async (page) => {
    await expect(page.getByRole('heading', { name: /^Inbox/, level: 1 })).toBeVisible();
    // The row's link, however the Inbox words it: the agent, then the operation's summary.
    const longOne = page.getByRole('link', { name: new RegExp(`${seeded.agentName}.*deploy a build`, 'i') }).first();
    await expect(longOne).toBeVisible();
    // Wide, the chosen request opens beside the list: its long summary and JSON are then on this page too.
    if ((page.viewportSize()?.width ?? 0) > 1000) {
      await longOne.click();
      await shows(`Deploy ${UNBROKEN}`)(page);
    }
  });
  await checkAtEverySize(page, 'Request', `/inbox/${seeded.longOne}`, async (page) => {
    await shows(seeded.op)(page);
    await expect(page.getByRole('button', { name: 'Approve', exact: true }).first()).toBeVisible();
  });
  await checkAtEverySize(page, 'History', '/history', async (page) => {
    await headingShown(page, 'History');
    await shows(seeded.agentName)(page);
  });
  await checkAtEverySize(page, 'Agents', '/agents', async (page) => {
    await headingShown(page, 'Agents');
    await shows(seeded.agentName)(page);
    // Stacked or not, the list is still a table to assistive technology, each cell carrying its column's name for the phone's cards.
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: seeded.agentName, exact: true }) });
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toHaveAttribute('data-label', 'Status');
  });
  await checkAtEverySize(page, 'Authorities', '/authorities', async (page) => {
    await headingShown(page, 'Authorities');
    await shows(seeded.authorityName)(page);
  });
  await checkAtEverySize(page, 'Repositories', '/repositories', async (page) => {
    await headingShown(page, 'Repositories');
    await shows(seeded.repository.name)(page);
  });
  await checkAtEverySize(page, 'Registry', '/registry', async (page) => {
    const registry = new RegistryPage(page);
    await headingShown(page, 'Registry');
    await expect(registry.manifests.getByRole('status')).toHaveCount(0);
    await registry.chooseName(seeded.manifestName);
    await registry.chooseVersion(seeded.manifestName, '1.0.0');
  });
  await checkAtEverySize(page, 'Operations', '/operations', async (page) => {
    await headingShown(page, 'Operations');
    await shows(seeded.op)(page);
  });
  await checkAtEverySize(page, 'Settings', '/settings', (page) => headingShown(page, 'Settings'));
});

test('on a phone the navigation folds behind a Menu button: it opens and closes, Escape closes it, choosing a page closes it', async ({
  page,
  context,
  signInAsOwner,
}) => {
  await signInAsOwner(context);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/agents');
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation).toBeHidden();
  // The controlled element is the one that holds the navigation.
  const controlled = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
  await expect(controlled.getByRole('navigation', { name: 'Main', includeHidden: true })).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectFitsAndAccessible(page, 'The open menu at phone 390px');

  await navigation.getByRole('link', { name: 'Repositories' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation).toBeHidden();
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await navigation.getByRole('link', { name: 'Repositories' }).click();
  await expect(page).toHaveURL('/repositories');
  await expect(page.getByRole('heading', { name: 'Repositories', level: 1 })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation).toBeHidden();

  await page.setViewportSize(VIEWPORTS[1]);
  await expect(menu).toBeHidden();
  await expect(navigation).toBeVisible();
});

const SETUP_FIRST_OWNER = /* GraphQL */ `
  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {
    setupFirstOwner(input: $input) {
      __typename
    }
  }
`;

const SIGN_IN = /* GraphQL */ `
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      __typename
    }
  }
`;

test('when the API goes away the console says since when live updates are down, and not before', async ({ page, context, playwright }) => {
  test.setTimeout(150_000);
  // A server of this test's own, so stopping it drops a real socket without touching the worker's.
  const api = await startApiServer();
  try {
    const owner = { tenantName: 'Outage Co', email: 'owner@outage.test', password: 'a long enough password' };
    const setup = await playwright.request.newContext({ baseURL: api.baseURL });
    const created = await postGraphQL<{ setupFirstOwner: { __typename: string } }>(setup, SETUP_FIRST_OWNER, {
      variables: { input: { token: api.setupToken, ...owner } },
    });
    await setup.dispose();
    expect(created.data?.setupFirstOwner.__typename).toBe('SetupCompleted');
    // The context's own request shares the browser's cookie jar: the session lands where the page needs it.
    const signedIn = await context.request.post(`${api.baseURL}/graphql`, {
      headers: { 'content-type': 'application/json' },
      data: { query: SIGN_IN, variables: { input: { email: owner.email, password: owner.password } } },
    });
    expect(((await signedIn.json()) as { data: { signIn: { __typename: string } } }).data.signIn.__typename).toBe('SignedIn');

    // Remembers whether the banner was ever in the page, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.banner.outage')) document.documentElement.dataset.outageSeen = 'true';
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${api.baseURL}/agents`);
    const live = page.getByRole('status', { name: 'Live updates' });
    await expect(live).toHaveText('Live');
    const banner = page.getByRole('status').filter({ hasText: /^Live updates are down/ });
    await expect(banner).toHaveCount(0);
    // The first load connected within the grace: the banner never showed, not even for a frame.
    expect(await page.evaluate(() => document.documentElement.dataset.outageSeen)).toBeUndefined();

    const clock = () => page.evaluate(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date()));
    const before = await clock();
    await api.stop();
    await expect(live).toHaveText('Connecting…');
    await expect(banner).toBeVisible();
    const after = await clock();
    const text = await banner.textContent();
    expect([before, after].map((time) => `Live updates are down since ${time} (less than a minute); what you see may be out of date. Reconnecting…`)).toContain(
      text,
    );
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectFitsAndAccessible(page, `The live-updates banner at ${viewport.name} ${viewport.width}px`);
    }
  } finally {
    await api.stop();
  }
});
