import AxeBuilder from '@axe-core/playwright';
import { expect, test, uniqueName } from '../fixtures.js';
import { AuthoritiesPage } from '../pages/authorities-page.js';
import { decideThroughApi } from '../support/sign-offs.js';

test('the Authorities page opens on a summary of live authorities, the form behind its button, and a granted authority leads back to the request that created it', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name: agentName, client: agent } = await seedAgent(uniqueName('grant-bot'));

  // Granted: the agent asks, the owner approves (through the API: deciding in the console is what the inbox specs cover), the agent draws once.
  const grantedName = uniqueName('Ads budget');
  const { signOff } = await agent.requestSignOff({
    op: 'authority.grant',
    input: { name: grantedName, tokens: 1000, minorUnits: 10_000, currency: 'EUR', draws: 4 },
    summary: 'Budget for the ads run',
  });
  expect(await decideThroughApi(context.request, signOff.id, true)).toBe('SUCCEEDED');
  const granted = (await agent.authorities()).find((authority) => authority.name === grantedName);
  expect(granted).toBeDefined();
  const drawn = await agent.draw({ authority: granted!.id, dispatchKey: 'ads-1', tokens: 100, minorUnits: 1250 });
  expect(drawn.kind).toBe('drawn');

  const authorities = new AuthoritiesPage(page);
  await authorities.open();

  await test.step('the issue form waits behind its button', async () => {
    await expect(authorities.issueButton).toHaveAttribute('aria-expanded', 'false');
    await expect(authorities.issueForm).toBeHidden();
    await authorities.issueButton.click();
    await expect(authorities.issueForm).toBeVisible();
    await expect(authorities.issueForm.getByRole('heading', { name: 'Issue an authority' })).toBeFocused();
    await authorities.issueButton.click();
    await expect(authorities.issueForm).toBeHidden();
  });

  await test.step('a row shows agent, drawn against each ceiling (money in its currency), window and last draw', async () => {
    const row = authorities.summaryRow(grantedName);
    await expect(row).toHaveCount(1);
    await expect(await authorities.summaryCell(grantedName, 'Agent')).toHaveText(agentName);
    const drawnCell = await authorities.summaryCell(grantedName, 'Drawn / ceiling');
    await expect(drawnCell.getByRole('listitem')).toHaveText(['Tokens 100 / 1,000', 'Money €12.50 / €100.00', 'Draws 1 / 4']);
    await expect(await authorities.summaryCell(grantedName, 'Window')).toHaveText('No time limit');
    await expect((await authorities.summaryCell(grantedName, 'Last draw')).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  });

  await test.step('the summary passes axe, and folds into cards that fit a phone', async () => {
    const serious = (await new AxeBuilder({ page }).include('main').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(authorities.summaryRow(grantedName)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(wide);
  });

  const directName = uniqueName('Direct budget');
  await test.step('an authority issued through the form joins the summary, with no request behind it and no draw yet', async () => {
    await authorities.issue({ agent: agentName, name: directName, tokens: '500', notAfter: '2099-07-01T18:30' });
    await expect(authorities.issueForm.getByRole('status')).toHaveText(`Issued “${directName}” to ${agentName}.`);
    await expect(await authorities.summaryCell(directName, 'Last draw')).toHaveText('No draws yet');
    await expect(await authorities.summaryCell(directName, 'Window')).toContainText('Until');
    await expect(authorities.summaryRow(directName).getByRole('link', { name: 'a request you approved' })).toHaveCount(0);
    await expect(authorities.authority(directName).getByRole('link', { name: 'The request you approved' })).toHaveCount(0);
  });

  await test.step('a revoked authority leaves the summary and stays below in full', async () => {
    await authorities.revoke(directName, 'Budget moved elsewhere');
    await expect(authorities.summaryRow(directName)).toHaveCount(0);
    await expect(authorities.authority(directName)).toContainText('Budget moved elsewhere');
  });

  await test.step('the granted authority links back to its request, from the summary and from its card', async () => {
    const fromCard = authorities.authority(grantedName).getByRole('link', { name: 'The request you approved' });
    await expect(fromCard).toHaveAttribute('href', `/inbox/${signOff.id}`);
    await authorities.summaryRow(grantedName).getByRole('link', { name: 'a request you approved' }).click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${signOff.id}$`));
    await expect(page.getByText('Budget for the ads run').first()).toBeVisible();
  });
});
