import { verifyApproval } from '@countersign/client';
import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { OperationsPage } from '../pages/operations-page.js';
import { SettingsPage } from '../pages/settings-page.js';

/** The example: titles label the fields the owner reads, `format` and `maxLength` are rules the API holds agents to. */
const EMAIL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject'],
  properties: {
    to: { type: 'string', title: 'Recipient', format: 'email' },
    subject: { type: 'string', title: 'Subject', maxLength: 120 },
    body: { type: 'string', title: 'Body' },
  },
};

test('the owner defines email.send; a refused input never reaches the Inbox, a valid one is approved, redeemed for a token and reported in History', async ({
  page,
  context,
  server,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('mail-bot'));
  const operations = new OperationsPage(page);

  await test.step('the owner defines email.send in the console, the editor checking the schema as it is typed', async () => {
    await operations.open();
    await operations.fillDefinition({
      op: 'email.send',
      summary: 'Send an email',
      description: 'Sends one email from the team mailbox.',
      risk: 'LOW',
      runner: 'AGENT',
      inputSchema: EMAIL_SCHEMA,
    });
    await expect(operations.schemaEditor).toHaveAccessibleDescription(/The schema parses\./);
    for (const title of ['Recipient', 'Subject', 'Body']) await expect(operations.exampleForm.getByLabel(title, { exact: true })).toBeDisabled();

    // A root that is not an object schema is named under the editor before anything is sent.
    await operations.schemaEditor.fill('{ "type": "array" }');
    await expect(operations.schemaEditor).toHaveAttribute('aria-invalid', 'true');
    await expect(operations.schemaEditor).toHaveAccessibleDescription(/The root must be an object schema/);
    await expect(operations.exampleForm.getByLabel('Recipient', { exact: true })).toHaveCount(0);
    await operations.schemaEditor.fill(JSON.stringify(EMAIL_SCHEMA, null, 2));
    await expect(operations.schemaEditor).not.toHaveAttribute('aria-invalid', 'true');

    await operations.submit();
    await expect(operations.definedStatus()).toHaveText('Defined email.send v1.');
    const row = operations.row('email.send');
    await expect(row).toContainText('v1');
    await expect(row).toContainText('Agent');
    await expect(row).toContainText('Low risk');
    await expect(row.getByRole('cell', { name: 'Live', exact: true })).toBeVisible();
  });

  await test.step('the agent finds it in its catalogue, as defined', async () => {
    const defined = (await agent.operations()).find((operation) => operation.op === 'email.send');
    expect(defined).toMatchObject({ version: 1, runner: 'AGENT', risk: 'LOW', summary: 'Send an email', inputSchema: EMAIL_SCHEMA });
  });

  const inbox = new InboxPage(page);
  await inbox.open();
  const pendingBefore = await inbox.pendingCountInTitle();
  const fromThisAgent = inbox.rowsFrom(name);

  await test.step('an input the schema refuses is BAD_INPUT naming the pointer, and nothing is asked', async () => {
    const refused = agent.requestSignOff({ op: 'email.send', input: { to: 'bob at example.com', subject: 'Quarterly numbers' }, summary: 'Numbers to Bob' });
    await expect(refused).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('/to: must match format "email"') });
    await expect(fromThisAgent).toHaveCount(0);
  });

  const input = { to: 'bob@example.com', subject: 'Quarterly numbers', body: 'The numbers are in.' };
  const { signOff, existing } = await agent.requestSignOff({ op: 'email.send', input, summary: 'Numbers to Bob', reason: 'Bob asked for them this morning.' });
  expect(existing).toBe(false);
  expect(signOff).toMatchObject({ state: 'PENDING', opVersion: 1, risk: 'LOW', repository: null });
  const title = requestTitle(name, signOff.description);

  await test.step('the valid one arrives live, its input under the schema’s titles, the raw JSON a click away', async () => {
    await expect(inbox.pendingRequest(title)).toBeVisible();
    // Events arrive in order, so the refused ask, had it been stored, would be on screen by now too.
    await expect(fromThisAgent).toHaveCount(1);
    await expect(page).toHaveTitle(`(${pendingBefore + 1}) Countersign`);
    const request = await inbox.select(title);
    await expect(request).toContainText('email.send v1');
    await expect(request).toContainText('Low risk');
    await expect(request.getByLabel('Recipient', { exact: true })).toHaveText('bob@example.com');
    await expect(request.getByLabel('Subject', { exact: true })).toHaveText('Quarterly numbers');
    await expect(request.getByLabel('Body', { exact: true })).toHaveText('The numbers are in.');

    await request.getByText('Raw JSON', { exact: true }).click();
    const raw = request.getByLabel('Input', { exact: true });
    await expect(raw).toBeVisible();
    await expect(raw).toHaveText(signOff.inputCanonical);
    expect(signOff.inputCanonical).toBe(JSON.stringify({ body: input.body, subject: input.subject, to: input.to }));
  });

  await test.step('approving hands the request to the agent to redeem', async () => {
    const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
    await inbox.approve(title);
    await expect(inbox.outcome(title)).toContainText('Approved — waiting for the agent to redeem. History will show when it does and how it went.');
    await expect(inbox.pendingRequest(title)).toHaveCount(0);
    const decided = await decision;
    expect(decided.state).toBe('AWAITING_REDEEM');
    expect(decided.redeemBy).not.toBeNull();
  });

  // The service that acts is configured with the workspace id the owner reads in Settings: every token's audience.
  const audience = await test.step('Settings shows the workspace id a service verifies approvals for', async () => {
    const settings = new SettingsPage(page);
    await settings.open();
    return settings.workspaceId();
  });

  const history = new HistoryPage(page);
  await history.open();
  const row = history.row(title);
  await expect(row.getByRole('cell', { name: 'Approved — waiting for the agent to redeem', exact: true })).toBeVisible();
  await expect(row.getByText(/^Redeem by /)).toBeVisible();

  const redeemed = await test.step('the agent redeems once, for a token that verifies against the published keys', async () => {
    const { signOff: after, approval } = await agent.redeem(signOff.id);
    expect(after.state).toBe('REDEEMED');
    expect(after.redeemedAt).not.toBeNull();
    // A compact JWS: header, payload and signature, each base64url.
    expect(approval).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = await verifyApproval(approval, {
      jwksUrl: new URL('/.well-known/jwks.json', server.baseURL),
      issuer: server.baseURL,
      audience,
      expected: { op: 'email.send', sub: signOff.id, input },
    });
    expect(claims).toMatchObject({ aud: audience, opVersion: 1, inputHash: signOff.inputHash, agent: signOff.agent!.id, approvers: [claims.approvedBy] });

    await expect(agent.redeem(signOff.id)).rejects.toMatchObject({ code: 'ALREADY_REDEEMED' });
    return after;
  });

  await test.step('History follows the grant live: redeemed, then the outcome the agent reports', async () => {
    await expect(row.getByRole('cell', { name: 'Redeemed', exact: true })).toBeVisible();
    const redeemedLine = row.getByText(/^Redeemed .+/);
    await expect(redeemedLine.locator('time')).toHaveAttribute('datetime', redeemed.redeemedAt!);

    const reported = await agent.reportOutcome(signOff.id, { succeeded: true, result: { messageId: 'm-1' } });
    expect(reported).toMatchObject({ state: 'SUCCEEDED', result: { messageId: 'm-1' } });

    await expect(row.getByRole('cell', { name: 'Succeeded', exact: true })).toBeVisible();
    // The result waits behind the row's disclosure.
    await history.expand(title);
    await expect(row.getByLabel('Result')).toHaveText(JSON.stringify({ messageId: 'm-1' }, null, 2));
    await expect(redeemedLine.locator('time')).toHaveAttribute('datetime', redeemed.redeemedAt!);
    await expect(row).toContainText('email.send v1');
    await expect(agent.reportOutcome(signOff.id, { succeeded: true })).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED' });
  });
});
