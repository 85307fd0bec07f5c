import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.js';
import { postGraphQL } from '../support/graphql.js';

const DEFINE_OPERATION = /* GraphQL */ `
  mutation DefineOperation($input: DefineOperationInput!) {
    defineOperation(input: $input) {
      __typename
    }
  }
`;

/** A LOW-risk operation whose input carries a money object, so only the owner's threshold can raise it. */
const PAYOUT_SCHEMA = {
  type: 'object',
  required: ['payee', 'amount'],
  properties: {
    payee: { type: 'string', title: 'Payee' },
    amount: {
      type: 'object',
      title: 'Amount',
      required: ['minorUnits', 'currency'],
      properties: { minorUnits: { type: 'integer' }, currency: { type: 'string' } },
    },
  },
};

// SEK: the worker's owner is shared with other files, whose requests move EUR; the threshold is removed at the end.
test.use({ viewport: { width: 390, height: 844 } });

test('the owner sets a money threshold in Settings: a request moving more in that currency is HIGH risk, one at it keeps its declared risk', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Money thresholds' });
  const form = section.getByRole('form', { name: 'Set a money threshold' });
  await expect(section.getByText('No thresholds')).toBeVisible();

  await test.step('an amount finer than the currency allows is refused before anything is sent; an unknown currency by the API', async () => {
    await form.getByLabel('Currency').fill('sek');
    await form.getByLabel('High risk above').fill('1.001');
    await form.getByRole('button', { name: 'Set threshold' }).click();
    await expect(form.getByRole('alert')).toHaveText('SEK has 2 digits after the point at most.');
    await form.getByLabel('Currency').fill('XQZ');
    await form.getByLabel('High risk above').fill('5');
    await form.getByRole('button', { name: 'Set threshold' }).click();
    await expect(form.getByRole('alert')).toContainText('"XQZ" is not an ISO 4217 currency code');
    await expect(section.getByText('No thresholds')).toBeVisible();
  });

  await test.step('SEK 1,000.00 is set, kept over a reload, and the page still fits a phone and passes axe', async () => {
    await form.getByLabel('Currency').fill('sek');
    await form.getByLabel('High risk above').fill('1,000.00');
    await form.getByRole('button', { name: 'Set threshold' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    const list = section.getByRole('list', { name: 'Your money thresholds' });
    await expect(list.getByRole('listitem')).toHaveText(['SEK: high risk above SEK 1,000.00Remove']);
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveText(['SEK: high risk above SEK 1,000.00Remove']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });

  await test.step('the server judges new requests by it: above is HIGH with both amounts named, at it stays LOW', async () => {
    const op = `payout${Date.now().toString(36)}.send`;
    const defined = await postGraphQL<{ defineOperation: { __typename: string } }>(context.request, DEFINE_OPERATION, {
      variables: { input: { op, summary: 'Pay someone', inputSchema: PAYOUT_SCHEMA, risk: 'LOW', runner: 'AGENT' } },
    });
    expect(defined.data?.defineOperation.__typename, JSON.stringify(defined)).toBe('OperationDefined');
    const { client: agent } = await seedAgent(`payout-bot-${Date.now().toString(36)}`);
    const above = await agent.requestSignOff({ op, input: { payee: 'Ada', amount: { minorUnits: 500_000, currency: 'SEK' } }, summary: 'Pay Ada' });
    const at = await agent.requestSignOff({ op, input: { payee: 'Bob', amount: { minorUnits: 100_000, currency: 'SEK' } }, summary: 'Pay Bob' });
    expect([above.signOff.risk, at.signOff.risk]).toEqual(['HIGH', 'LOW']);
    const reasons = await postGraphQL<{ signOff: { riskReasons: string[] } }>(context.request, 'query($id: ID!) { signOff(id: $id) { riskReasons } }', {
      variables: { id: above.signOff.id },
    });
    expect(reasons.data?.signOff.riskReasons).toEqual(['It moves SEK 5,000.00, above your SEK 1,000.00 threshold.']);

    // Approving it asks for the amount typed; one typed without its cents says so instead of leaving Approve disabled silently.
    await page.goto(`/inbox/${above.signOff.id}`);
    await page.getByRole('region', { name: 'Decision' }).getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve a high-risk request?' });
    const typed = dialog.getByRole('textbox');
    await typed.fill('500');
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await typed.fill('5000');
    await expect(dialog.getByRole('status')).toHaveText('“5000” leaves out the 2 digits after the point: type 5,000.00, every digit of SEK 5,000.00.');
    await expect(typed).toHaveAccessibleDescription(/leaves out the 2 digits/);
    await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
    await typed.fill('5000.00');
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/settings');
  });

  await test.step('removing it leaves no threshold', async () => {
    await section.getByRole('button', { name: 'Remove' }).click();
    await expect(section.getByText('No thresholds')).toBeVisible();
  });
});
