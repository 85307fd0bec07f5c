import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { postGraphQL } from '../support/graphql.js';

// A second owner joins the worker's tenant here: this file gets a server of its own.
test.use({ dedicatedServer: 'approve-with-changes-two-person', viewport: { width: 1280, height: 800 } });

const EMAIL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject'],
  properties: { to: { type: 'string', title: 'Recipient' }, subject: { type: 'string', title: 'Subject', maxLength: 200 } },
};

/** Invites a second owner through the API and accepts the link in `other`'s own session. */
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

test('the first owner approves with changes; the second sees what the agent asked beside the edit, and approves it as edited', async ({
  browser,
  baseURL,
  locale,
  context: contextA,
  signInAsOwner,
  seedAgent,
}) => {
  const contextB = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } });
  try {
    await signInAsOwner(contextA);
    await addSecondOwner(contextA.request, contextB.request);
    const op = `email${Date.now().toString(36)}.send`;
    const defined = await postGraphQL<{ defineOperation: { __typename: string } }>(
      contextA.request,
      `mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename } }`,
      { variables: { input: { op, summary: 'Send an email', inputSchema: EMAIL_SCHEMA, risk: 'LOW', runner: 'AGENT' } } },
    );
    expect(defined.data?.defineOperation.__typename, JSON.stringify(defined)).toBe('OperationDefined');
    const set = await postGraphQL<{ setApprovalsRequired: { __typename: string } }>(
      contextA.request,
      `mutation($input: SetApprovalsRequiredInput!) { setApprovalsRequired(input: $input) { __typename } }`,
      { variables: { input: { op, approvalsRequired: 2 } } },
    );
    expect(set.data?.setApprovalsRequired.__typename, JSON.stringify(set)).toBe('ApprovalPolicySet');
    const { name, client: agent } = await seedAgent(uniqueName('mail-bot'));
    const asked = { to: 'bob@example.com', subject: 'Quarterly report' };
    const edited = { to: 'bob@example.com', subject: 'Quarterly report (draft)' };
    const { signOff } = await agent.requestSignOff({ op, input: asked, summary: 'Send the report' });
    const title = requestTitle(name, signOff.description);

    await test.step('A approves with changes: the first approval, of the edited input', async () => {
      const pageA = await contextA.newPage();
      const requestA = new RequestPage(pageA);
      await requestA.open(signOff.id);
      await expect(requestA.request(title)).toBeVisible();
      await requestA.decision.getByRole('button', { name: 'Approve with changes…' }).click();
      const dialog = pageA.getByRole('dialog', { name: 'Approve with changes' });
      await dialog.getByLabel('Subject').fill(edited.subject);
      await dialog.getByRole('button', { name: 'Approve with these changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(pageA.getByRole('region', { name: 'Changed by an owner' })).toBeVisible();
    });

    await test.step('B sees the agent’s subject beside the edit, and approves it as edited', async () => {
      const pageB = await contextB.newPage();
      const requestB = new RequestPage(pageB);
      await requestB.open(signOff.id);
      const row = pageB.getByRole('region', { name: 'Changed by an owner' }).getByRole('row', { name: /Subject/ });
      await expect(row.getByRole('cell')).toHaveText([asked.subject, edited.subject]);
      await requestB.approve();
      await expect(requestB.outcome).toBeVisible();
      const read = await postGraphQL<{ signOff: { state: string; input: unknown; requestedInput: unknown; approvals: unknown[] } }>(
        contextB.request,
        'query($id: ID!) { signOff(id: $id) { state input requestedInput approvals { approvedAt } } }',
        { variables: { id: signOff.id } },
      );
      expect(read.data?.signOff).toMatchObject({ state: 'AWAITING_REDEEM', input: edited, requestedInput: asked });
      expect(read.data?.signOff.approvals).toHaveLength(2);
    });
  } finally {
    await contextB.close();
  }
});
