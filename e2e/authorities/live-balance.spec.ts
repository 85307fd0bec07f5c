import { expect, test, uniqueName } from '../fixtures.js';
import { AuthoritiesPage } from '../pages/authorities-page.js';

test('an authority issued in the console moves live as its agent draws; once revoked, the next draw is refused with the reason and an earlier dispatch key still gets its receipt', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name: agentName, client: agent } = await seedAgent(uniqueName('spend-bot'));
  const authorities = new AuthoritiesPage(page);
  await authorities.open();
  // Everything below must arrive without the page loading again.
  let loads = 0;
  page.on('load', () => loads++);

  const name = uniqueName('Cloud budget');
  const card = authorities.authority(name);
  const tokens = authorities.balance(name, 'Tokens drawn');
  const money = authorities.balance(name, 'Money drawn');
  const draws = authorities.balance(name, 'Draws made');

  await test.step('the owner issues it through the form', async () => {
    await authorities.issue({ agent: agentName, name, tokens: '10000', minorUnits: '50.00', currency: 'EUR', draws: '5' });
    await expect(authorities.issueForm.getByRole('status')).toHaveText(`Issued “${name}” to ${agentName}.`);
    await expect(card).toContainText('Active');
    await expect(card).toContainText(agentName);
    await expect(tokens).toHaveAttribute('aria-valuenow', '0');
    await expect(tokens).toHaveAttribute('aria-valuemax', '10000');
    await expect(money).toHaveAttribute('aria-valuemax', '5000');
    await expect(draws).toHaveAttribute('aria-valuemax', '5');
    await expect(card).toContainText('€50.00 left');
    await expect(card).toContainText('No draws yet.');
  });

  const granted = (await agent.authorities()).find((authority) => authority.name === name);
  expect(granted, 'the agent sees the authority it was granted').toMatchObject({
    state: 'ACTIVE',
    currency: 'EUR',
    ceiling: { tokens: 10000, minorUnits: 5000, draws: 5 },
  });
  const authority = granted!.id;

  const first = await test.step('each draw moves the bars, the figures and the receipts in the open page', async () => {
    const drawn = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 2500, minorUnits: 1250 });
    if (drawn.kind !== 'drawn') throw new Error(`The first draw was refused: ${drawn.message}`);
    expect(drawn.replayed).toBe(false);
    await expect(tokens).toHaveAttribute('aria-valuenow', '2500');
    await expect(tokens).toHaveAttribute('aria-valuetext', '2,500 of 10,000 tokens');
    await expect(money).toHaveAttribute('aria-valuenow', '1250');
    await expect(card).toContainText('7,500 left');
    await expect(card).toContainText('€37.50 left');
    await expect(authorities.receipt(name, 'job-1')).toContainText('€12.50');

    await agent.draw({ authority, dispatchKey: 'job-2', tokens: 1000, minorUnits: 250 });
    await expect(tokens).toHaveAttribute('aria-valuenow', '3500');
    await expect(draws).toHaveAttribute('aria-valuetext', '2 of 5 draws');
    await expect(card).toContainText('6,500 left');
    await expect(card).toContainText('€35.00 left');
    await expect(authorities.receipt(name, 'job-2')).toContainText('6,500 tokens · €35.00 · 3 draws');
    expect(loads).toBe(0);
    return drawn.receipt;
  });

  await test.step('revoked with a reason, it refuses the next draw with that reason and still replays an earlier key', async () => {
    const reason = 'Budget moved to the Q3 plan';
    await authorities.revoke(name, reason);
    await expect(card).toContainText('Revoked');
    await expect(card).toContainText(reason);
    await expect(card.getByRole('button', { name: 'Revoke', exact: true })).toHaveCount(0);

    const refused = await agent.draw({ authority, dispatchKey: 'job-3', tokens: 1 });
    expect(refused).toMatchObject({ kind: 'refused', code: 'REVOKED', reason });

    const retried = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 2500, minorUnits: 1250 }, { withAuthority: true });
    expect(retried).toMatchObject({ kind: 'drawn', replayed: true, receipt: first, authority: { state: 'REVOKED', revokeReason: reason } });
    await expect(tokens).toHaveAttribute('aria-valuenow', '3500');
    await expect(authorities.receipt(name, 'job-3')).toHaveCount(0);
    expect(loads).toBe(0);
  });
});
