import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures.js';
import { requestTitle } from '../pages/inbox-page.js';
import { RequestPage } from '../pages/request-page.js';
import { postGraphQL } from '../support/graphql.js';

test.use({ viewport: { width: 1280, height: 800 } });

const DEFINE_OPERATION = /* GraphQL */ `
  mutation DefineOperation($input: DefineOperationInput!) {
    defineOperation(input: $input) {
      __typename
    }
  }
`;

/** A LOW-risk email the agent sends itself once approved (runner AGENT), so the approval's click is the whole gesture. */
const EMAIL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject'],
  properties: { to: { type: 'string', title: 'Recipient' }, subject: { type: 'string', title: 'Subject', maxLength: 200 } },
};

/** The serious and critical axe violations inside `selector`, by rule. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

test('an owner approves with changes: edits a field on the request page, approves their version, and the page shows what the agent asked beside what runs', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const op = `email${Date.now().toString(36)}.send`;
  const defined = await postGraphQL<{ defineOperation: { __typename: string } }>(context.request, DEFINE_OPERATION, {
    variables: { input: { op, summary: 'Send an email', inputSchema: EMAIL_SCHEMA, risk: 'LOW', runner: 'AGENT' } },
  });
  expect(defined.data?.defineOperation.__typename, JSON.stringify(defined)).toBe('OperationDefined');
  const { name, client: agent } = await seedAgent(uniqueName('mail-bot'));
  const asked = { to: 'bob@example.com', subject: 'Quarterly report' };
  const { signOff } = await agent.requestSignOff({ op, input: asked, summary: 'Send the report' });
  const request = new RequestPage(page);
  await request.open(signOff.id);
  const article = request.request(requestTitle(name, signOff.description));
  await expect(article).toBeVisible();

  await test.step('the dialog offers each field as the agent asked it; a field that is no longer valid is refused as the API words it', async () => {
    await request.decision.getByRole('button', { name: 'Approve with changes…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve with changes' });
    await expect(dialog.getByLabel('Recipient')).toHaveValue('bob@example.com');
    await expect(dialog.getByLabel('Subject')).toHaveValue('Quarterly report');
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await dialog.getByLabel('Subject').fill('x'.repeat(201));
    await dialog.getByRole('button', { name: 'Approve with these changes' }).click();
    await expect(dialog.getByRole('alert')).toContainText('does not match its schema');
    await dialog.getByLabel('Subject').fill('Quarterly report (draft)');
    await dialog.getByRole('button', { name: 'Approve with these changes' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the request now runs the owner’s version, and says what the agent asked beside it', async () => {
    const changes = page.getByRole('region', { name: 'Changed by an owner' });
    await expect(changes).toBeVisible();
    const row = changes.getByRole('row', { name: /Subject/ });
    await expect(row.getByRole('cell').nth(0)).toHaveText('Quarterly report');
    await expect(row.getByRole('cell').nth(1)).toHaveText('Quarterly report (draft)');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    const read = await postGraphQL<{ signOff: { state: string; input: unknown; requestedInput: unknown; changedByOwner: boolean } }>(
      context.request,
      'query($id: ID!) { signOff(id: $id) { state input requestedInput changedByOwner } }',
      { variables: { id: signOff.id } },
    );
    expect(read.data?.signOff).toEqual({
      state: 'AWAITING_REDEEM',
      input: { to: 'bob@example.com', subject: 'Quarterly report (draft)' },
      requestedInput: asked,
      changedByOwner: true,
    });
  });

  await test.step('the agent redeems the owner’s version: its own input is refused', async () => {
    await expect(agent.redeem(signOff.id, { input: asked })).rejects.toMatchObject({ code: 'INPUT_MISMATCH' });
    const { signOff: redeemed } = await agent.redeem(signOff.id);
    expect(redeemed.input).toEqual({ to: 'bob@example.com', subject: 'Quarterly report (draft)' });
  });
});
