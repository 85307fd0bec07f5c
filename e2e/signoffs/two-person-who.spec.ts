import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { postGraphQL } from '../support/graphql.js';

// A second owner joins the worker's tenant here (authority.grant then needs two approvals): this file gets a server of its own.
test.use({ dedicatedServer: 'two-person-who', viewport: { width: 1280, height: 800 } });

const WAITING = 'You approved · waiting for another owner';

/** Invites a second owner through the API and accepts the link in `other`'s own session; answers the new owner's email. */
async function addSecondOwner(owner: APIRequestContext, other: APIRequestContext): Promise<string> {
  const invited = await postGraphQL<{ inviteOwner: { __typename: string; token?: string } }>(
    owner,
    `mutation { inviteOwner(input: { note: "second" }) { __typename ... on OwnerInvited { token } } }`,
  );
  const token = invited.data?.inviteOwner.token;
  expect(token, `inviting a second owner: ${JSON.stringify(invited)}`).toBeTruthy();
  const email = `${uniqueName('second')}@acme.test`;
  const accepted = await postGraphQL<{ acceptOwnerInvitation: { __typename: string } }>(
    other,
    `mutation($input: AcceptOwnerInvitationInput!) { acceptOwnerInvitation(input: $input) { __typename } }`,
    { variables: { input: { token, email, password: 'another long passphrase' } } },
  );
  expect(accepted.data?.acceptOwnerInvitation.__typename).toBe('OwnerInvitationAccepted');
  return email;
}

/** One owner's decision through the API, as their own session makes it (a fresh sign-in, so a HIGH approval needs no password again). */
async function decide(session: APIRequestContext, id: string, approve: boolean, note?: string): Promise<string> {
  const answer = await postGraphQL<{ decideSignOff: { __typename: string; signOff?: { state: string } } }>(
    session,
    `mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename ... on SignOffDecided { signOff { state } } } }`,
    { variables: { input: { id, approve, note } } },
  );
  expect(answer.data?.decideSignOff.__typename, JSON.stringify(answer)).toBe('SignOffDecided');
  return answer.data!.decideSignOff.signOff!.state;
}

test('the first approver of a two-person request is told it waits for another owner, Deny kept; every History row says who decided, the amount, the risk and the denial’s note', async ({
  browser,
  baseURL,
  locale,
  context: contextA,
  owner,
  signInAsOwner,
  seedAgent,
}) => {
  const contextB = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  try {
    await signInAsOwner(contextA);
    const secondEmail = await addSecondOwner(contextA.request, contextB.request);
    const cloud = await seedAgent(uniqueName('cloud-bot'));
    const ads = await seedAgent(uniqueName('ads-bot'));
    const site = await seedAgent(uniqueName('site-bot'));
    const repository = await site.client.createRepository(uniqueName('docs'));
    const grant = async (agent: typeof cloud, name: string, minorUnits: number) =>
      (await agent.client.requestSignOff({ op: 'authority.grant', input: { name, minorUnits, currency: 'EUR', draws: 10 }, summary: `Spend on ${name}` }))
        .signOff;
    const cloudGrant = await grant(cloud, 'cloud bills', 100_000);
    const adsGrant = await grant(ads, 'ads', 25_000);
    const mint = (
      await site.client.requestSignOff({
        op: 'repository.mintToken',
        repository: repository.name,
        input: { scopes: ['read'], ttlHours: 1 },
        summary: 'Read it',
      })
    ).signOff;
    expect([cloudGrant.risk, adsGrant.risk, mint.risk]).toEqual(['HIGH', 'HIGH', 'LOW']);
    const cloudTitle = requestTitle(cloud.name, cloudGrant.description, 'authority.grant');
    const adsTitle = requestTitle(ads.name, adsGrant.description, 'authority.grant');
    const mintTitle = requestTitle(site.name, mint.description);

    const pageA = await contextA.newPage();
    const inboxA = new InboxPage(pageA);

    await test.step('A approves the cloud grant in the Inbox: its pane then says it waits for another owner, with no Approve, and Deny stays', async () => {
      await inboxA.open();
      await inboxA.approve(cloudTitle, { type: true });
      await expect(inboxA.outcome(cloudTitle)).toContainText('Approved once');
      expect((await cloud.client.signOff(cloudGrant.id))?.state).toBe('PARTIALLY_APPROVED');
      // Still waiting (for another owner), so back in A's list: opened again, its pane offers A no second approval.
      const pane = await inboxA.select(cloudTitle);
      await expect(pane.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
      await expect(pane.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
      await expect(pane.getByRole('button', { name: /^Approve and allow similar/ })).toHaveCount(0);
      await expect(pane.getByRole('button', { name: 'Deny', exact: true })).toBeEnabled();
      // `a` approves nothing here: no gesture opens and the request still waits for its second owner.
      await expect(inboxA.arriving()).toHaveCount(0);
      await pageA.keyboard.press('a');
      await expect(inboxA.typeToApproveDialog()).toHaveCount(0);
      expect((await cloud.client.signOff(cloudGrant.id))?.state).toBe('PARTIALLY_APPROVED');
    });

    await test.step('on its own page too: A reads the same line in place of Approve, and can still deny', async () => {
      const requestA = new RequestPage(await contextA.newPage());
      await requestA.open(cloudGrant.id);
      await expect(requestA.decision.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
      await expect(requestA.decision.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
      await expect(requestA.decision.getByRole('button', { name: 'Deny', exact: true })).toBeEnabled();
      await requestA.page.close();
    });

    await test.step('B is offered Approve, and completes the cloud grant; A and B approve and deny the others', async () => {
      const requestB = new RequestPage(await contextB.newPage());
      await requestB.open(cloudGrant.id);
      await expect(requestB.decision.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
      await expect(requestB.decision.getByText(WAITING)).toHaveCount(0);
      await requestB.page.close();
      expect(await decide(contextB.request, cloudGrant.id, true, 'fine')).toBe('SUCCEEDED');
      expect(await decide(contextA.request, adsGrant.id, true)).toBe('PARTIALLY_APPROVED');
      expect(await decide(contextB.request, adsGrant.id, false, 'Too much for ads')).toBe('DENIED');
      await inboxA.deny(mintTitle, { note: 'Not this week' });
      await expect(inboxA.outcome(mintTitle)).toContainText('Denied');
    });

    await test.step('History says, on every row, who decided, the amount, the risk and the denial’s note', async () => {
      const historyA = new HistoryPage(pageA);
      await historyA.open();
      const cloudRow = historyA.row(cloudTitle);
      await expect(cloudRow).toContainText(`Approved by you and ${secondEmail}`);
      await expect(cloudRow).toContainText('High risk');
      await expect(cloudRow).toContainText('€1,000.00');
      const adsRow = historyA.row(adsTitle);
      await expect(adsRow).toContainText(`Approved by you, then denied by ${secondEmail}: “Too much for ads”`);
      await expect(adsRow).toContainText('€250.00');
      const mintRow = historyA.row(mintTitle);
      await expect(mintRow).toContainText('Denied by you: “Not this week”');
      await expect(mintRow).toContainText('Low risk');

      const historyB = new HistoryPage(await contextB.newPage());
      await historyB.open();
      await expect(historyB.row(cloudTitle)).toContainText(`Approved by ${owner.email} and you`);
      await expect(historyB.row(adsTitle)).toContainText(`Approved by ${owner.email}, then denied by you: “Too much for ads”`);
    });
  } finally {
    await contextB.close();
  }
});
