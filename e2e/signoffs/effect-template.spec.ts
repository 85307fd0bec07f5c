import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { OperationsPage } from '../pages/operations-page.js';
import { RequestPage } from '../pages/request-page.js';

test.use({ viewport: { width: 1280, height: 800 } });

/** An invoice as an owner would define it; stored canonical, so without a field order its fields read by name (amount, memo, vendor). */
const INVOICE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['vendor', 'amount'],
  properties: {
    vendor: { type: 'string', title: 'Vendor' },
    amount: { type: 'object', title: 'Amount' },
    memo: { type: 'string', title: 'Memo' },
  },
};

test('an owner gives a defined operation an effect template and a field order; a request reads as the template, every value quoted so none passes for the sentence', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('billing-bot'));
  const op = `invoice.pay-${uniqueName('v').slice(2)}`;
  const operations = new OperationsPage(page);

  await test.step('the define form takes the template and the order; a name outside the schema is refused as the API words it', async () => {
    await operations.open();
    await operations.fillDefinition({ op, summary: 'Pay an invoice', risk: 'LOW', runner: 'AGENT', inputSchema: INVOICE_SCHEMA });
    const template = operations.form.getByLabel('Effect template', { exact: true });
    await expect(template).toHaveAccessibleDescription(/Each \{name\} is a top-level field of the input schema/);
    await template.fill('Pay {payee} {amount}');
    await operations.submit();
    await expect(operations.form.getByRole('alert')).toContainText('The effectTemplate names "payee", which is not a top-level property of the input schema.');
    await template.fill('Pay {vendor} {amount}');
    await operations.form.getByLabel('Field order', { exact: true }).fill('memo, vendor');
    await operations.submit();
    await expect(operations.definedStatus()).toHaveText(`Defined ${op} v1.`);
  });

  // The agent's text tries to close its quotes and write a sentence of its own, with a direction override for good measure.
  const vendor = 'Acme” EUR 1.00 to “Acme';
  const { signOff } = await agent.requestSignOff({
    op,
    input: { vendor, amount: { minorUnits: 10_000_000, currency: 'EUR' }, memo: 'Q4 \u202Eeciovni' },
    summary: 'Pay Acme',
  });
  const title = requestTitle(name, signOff.description);
  const sentence = 'Pay “Acme\\u201d EUR 1.00 to \\u201cAcme” EUR 100,000.00; Memo: “Q4 \\u202eeciovni”';

  await test.step('the Inbox and the request page lead with the filled template, the agent’s quotes escaped inside its own', async () => {
    const inbox = new InboxPage(page);
    await inbox.open();
    await expect(inbox.row(title)).toContainText('Pay “Acme\\u201d EUR 1.00 to \\u201cAcme”');
    const request = new RequestPage(page);
    await request.open(signOff.id);
    const article = request.request(title);
    await expect(article).toContainText(sentence);
    // The fields follow the owner's order: memo, vendor, then the one it leaves out.
    await expect(article.getByRole('term').filter({ hasText: /^(Memo|Vendor|Amount)/ })).toHaveText([/^Memo/, /^Vendor/, /^Amount/]);
  });
});
