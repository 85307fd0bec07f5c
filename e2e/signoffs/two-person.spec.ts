import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { OwnersSettings } from '../pages/owners-settings.js';
import { RequestPage } from '../pages/request-page.js';
import { postGraphQL } from '../support/graphql.js';

// A second owner joins the worker's tenant here, which changes the tenant's defaults (repository.delete needs two owners
// once there are two): this file gets a server of its own.
test.use({ dedicatedServer: 'two-person' });

test('a second owner joins by an invitation link and completes a two-person approval from their own session', async ({
  browser,
  baseURL,
  locale,
  context: contextA,
  owner,
  signInAsOwner,
  seedAgent,
}) => {
  const contextB = await browser.newContext({ baseURL, locale });
  try {
    await signInAsOwner(contextA);
    const pageA = await contextA.newPage();
    const settingsA = new OwnersSettings(pageA);
    const secondEmail = `${uniqueName('second')}@acme.test`;

    await test.step('owner A invites; B accepts the link in a browser of their own and is signed in', async () => {
      // What A does alone first (seeded through the API): a spare invitation, and repository.delete at one approval.
      const spare = await postGraphQL<{ inviteOwner: { __typename: string } }>(
        contextA.request,
        `mutation { inviteOwner(input: { note: "spare" }) { __typename } }`,
      );
      expect(spare.data?.inviteOwner.__typename).toBe('OwnerInvited');
      const lowered = await postGraphQL<{ setApprovalsRequired: { __typename: string } }>(
        contextA.request,
        `mutation { setApprovalsRequired(input: { op: "repository.delete", approvalsRequired: 1 }) { __typename } }`,
      );
      expect(lowered.data?.setApprovalsRequired.__typename).toBe('ApprovalPolicySet');
      await settingsA.open();
      const link = await settingsA.invite('for the second owner');
      expect(link).toMatch(/\/invite#token=csi_/);

      const pageB = await contextB.newPage();
      await pageB.goto(link);
      await expect(pageB.getByText('You are invited to join Acme as an owner.')).toBeVisible();
      await pageB.getByLabel('Email').fill(secondEmail);
      await pageB.getByLabel('Password').fill('another long passphrase');
      await pageB.getByRole('button', { name: 'Join as an owner' }).click();
      await new InboxPage(pageB).waitUntilLive();

      // B sees in Settings what A had set alone, undone when B joined (docs/tenancy.md, T11).
      await pageB.goto('/settings');
      const undone = pageB.getByRole('region', { name: 'When the second owner joined' });
      await expect(undone).toContainText(`${secondEmail} joined`);
      const list = undone.getByRole('list', { name: 'Undone when the second owner joined' });
      await expect(list).toContainText('Invitation link revoked: spare');
      await expect(list).toContainText('repository.delete had been set to 1 approval');

      // Used once: the link now admits no one.
      const again = await browser.newContext({ baseURL, locale });
      try {
        const pageC = await again.newPage();
        await pageC.goto(link);
        await expect(pageC.getByRole('alert')).toContainText('This invitation link was used already');
      } finally {
        await again.close();
      }
      await settingsA.open();
      await expect(settingsA.owners.getByRole('list', { name: 'Owners of this workspace' }).getByRole('listitem')).toHaveCount(2);
      await expect(settingsA.owners.getByRole('list', { name: 'Invitations' })).toContainText(`Accepted`);
    });

    await test.step('owner A makes stopping a repository need two owners', async () => {
      await settingsA.setApprovals('repository.unserve', 2);
    });

    const { name, client: agent } = await seedAgent(uniqueName('ops-bot'));
    const repository = await agent.createRepository(uniqueName('shop'));
    const asked = (await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the shop' })).signOff;
    const title = requestTitle(name, asked.description);
    const inboxA = new InboxPage(pageA);
    const inboxB = new InboxPage(await contextB.newPage());

    await test.step('A approves first: the request is partially approved, in both owners’ inboxes', async () => {
      await inboxA.open();
      await inboxB.open();
      await expect(inboxB.pendingRequest(title)).toBeVisible();
      await inboxA.approve(title);
      await expect(inboxA.outcome(title)).toContainText('Approved once. It needs a second owner’s approval before it runs');
      expect((await agent.signOff(asked.id))?.state).toBe('PARTIALLY_APPROVED');
      await expect(inboxB.row(title)).toContainText('Approved once — needs a second owner');
    });

    await test.step('A cannot give the second approval: the console says a second owner is needed, in place of Approve', async () => {
      const requestA = new RequestPage(pageA);
      await requestA.open(asked.id);
      await expect(requestA.request(title)).toContainText('Approved by you — needs a second owner');
      await expect(requestA.decision.getByRole('status')).toContainText('You approved · waiting for another owner');
      await expect(requestA.decision.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
      expect((await agent.signOff(asked.id))?.state).toBe('PARTIALLY_APPROVED');
    });

    await test.step('B completes it from their own session, and it runs', async () => {
      const requestB = new RequestPage(inboxB.page);
      await requestB.open(asked.id);
      await expect(requestB.request(title)).toContainText(`Approved by ${owner.email} — needs a second owner. Your approval completes it.`);
      await requestB.decision.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(requestB.outcome).toContainText('Approved. It ran and succeeded.');
      await expect(requestB.request(title)).toContainText(`Approved by ${owner.email} and you`);
      const done = await agent.signOff(asked.id);
      expect(done?.state).toBe('SUCCEEDED');
      expect((await agent.repositories()).find((candidate) => candidate.name === repository.name)?.state).toBe('UNSERVED');
    });

    await test.step('lowering it again is itself two-person: A proposes, B approves, then it applies', async () => {
      await settingsA.open();
      await settingsA.chooseApprovals('repository.unserve', 1);
      await expect(settingsA.policyRow('repository.unserve').getByRole('status')).toContainText(
        'Nothing changed yet: lowering it waits for a second owner’s approval.',
      );
      const proposal = `${owner.email} proposes to lower the approvals an operation needs`;
      await inboxB.open();
      // HIGH risk: B types the operation it lowers.
      await inboxB.approve(proposal, { type: 'repository.unserve' });
      await expect(inboxB.outcome(proposal)).toContainText('Approved. It ran and succeeded.');
      await settingsA.open();
      await expect(settingsA.policyRow('repository.unserve')).toContainText(`(set by ${owner.email})`);
      await expect(settingsA.policyRow('repository.unserve').getByRole('combobox')).toHaveValue('1');
    });
  } finally {
    await contextB.close();
  }
});
