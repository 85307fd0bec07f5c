import { expect, test, uniqueName } from '../fixtures.js';
import { AuthoritiesPage } from '../pages/authorities-page.js';

// A zone away from UTC, so a validity time read in the wrong zone would show; a German browser, so anything
// formatted in the browser's language rather than the UI's English would show too (issue 26, item 6).
test.use({ timezoneId: 'Europe/Paris', locale: 'de-DE' });

test('an amount without a currency is refused in the form, and nothing is issued until the currency is given; the amount is typed in euros, not cents', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name: agentName, client: agent } = await seedAgent(uniqueName('form-bot'));
  const authorities = new AuthoritiesPage(page);
  await authorities.open();
  const issueRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('issueAuthority')) issueRequests.push(request.url());
  });

  const name = uniqueName('Ads budget');
  await authorities.issue({ agent: agentName, name, minorUnits: '25.001' });

  await expect(authorities.formAlert()).toContainText('An amount needs a currency.');
  await expect(authorities.issueForm.getByLabel('Currency', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(issueRequests, 'the form sends nothing it knows the API refuses').toEqual([]);
  await expect(authorities.authority(name)).toHaveCount(0);
  expect(await agent.authorities()).toEqual([]);

  await authorities.issueForm.getByLabel('Currency', { exact: true }).fill('EUR');
  await authorities.issueForm.getByRole('button', { name: 'Issue authority' }).click();
  // In euros: a third digit after the point is no amount of EUR, and the form says so.
  await expect(authorities.formAlert()).toContainText('Amount: EUR has 2 digits after the point at most.');
  expect(issueRequests).toEqual([]);
  await authorities.issueForm.getByLabel('Amount', { exact: true }).fill('25.00');
  await expect(authorities.issueForm.getByText('= €25.00', { exact: true })).toBeVisible();
  await authorities.issueForm.getByRole('button', { name: 'Issue authority' }).click();
  await expect(authorities.authority(name)).toBeVisible();
  await expect(authorities.formAlert()).toHaveCount(0);
  await expect(authorities.balance(name, 'Money drawn')).toHaveAttribute('aria-valuemax', '2500');
  expect(issueRequests).toHaveLength(1);
});

test('the validity window is read in the owner’s time zone and issued as the instants it names', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { name: agentName, client: agent } = await seedAgent(uniqueName('window-bot'));
  const authorities = new AuthoritiesPage(page);
  await authorities.open();
  const name = uniqueName('Next year');

  await authorities.issue({ agent: agentName, name, draws: '3', notBefore: '2099-01-01T09:00', notAfter: '2098-12-31T09:00' });
  await expect(authorities.formAlert()).toContainText('Not after must come later than not before.');

  await authorities.issueForm.getByLabel('Not after', { exact: true }).fill('2099-07-01T18:30');
  await authorities.issueForm.getByRole('button', { name: 'Issue authority' }).click();
  const card = authorities.authority(name);
  await expect(card).toContainText('Not yet valid');
  await expect(card).toContainText('From Jan 1, 2099, 9:00 AM until Jul 1, 2099, 6:30 PM');

  const [issued] = (await agent.authorities()).filter((authority) => authority.name === name);
  // Paris is UTC+1 in January and UTC+2 in July.
  expect(issued).toMatchObject({ state: 'NOT_YET_VALID', notBefore: '2099-01-01T08:00:00.000Z', notAfter: '2099-07-01T16:30:00.000Z' });
  const refused = await agent.draw({ authority: issued!.id, dispatchKey: 'too-early', tokens: 1 });
  expect(refused).toMatchObject({ kind: 'refused', code: 'NOT_YET_VALID' });
});
