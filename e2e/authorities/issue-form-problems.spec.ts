import { expect, test, uniqueName } from '../fixtures.js';
import { AuthoritiesPage } from '../pages/authorities-page.js';

test('the issue form’s list of problems follows the fields as they are corrected, before the next submit', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name: agentName } = await seedAgent(uniqueName('fix-bot'));
  const authorities = new AuthoritiesPage(page);
  await authorities.open();
  const form = authorities.issueForm;
  const currency = form.getByLabel('Currency', { exact: true });
  const notAfter = form.getByLabel('Not after', { exact: true });

  await authorities.issue({ agent: agentName, name: uniqueName('Fix me'), minorUnits: '25.00', notBefore: '2099-01-01T09:00', notAfter: '2098-12-31T09:00' });
  const problems = authorities.formAlert().getByRole('listitem');
  await expect(problems).toHaveText(['An amount needs a currency.', 'Not after must come later than not before.']);
  await expect(currency).toHaveAttribute('aria-invalid', 'true');

  await currency.fill('EUR');
  await expect(problems).toHaveText(['Not after must come later than not before.']);
  await expect(currency).not.toHaveAttribute('aria-invalid');
  await expect(notAfter).toHaveAttribute('aria-invalid', 'true');

  await notAfter.fill('2099-07-01T18:30');
  await expect(authorities.formAlert()).toHaveCount(0);
  await expect(notAfter).not.toHaveAttribute('aria-invalid');
});
