import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

test('an agent’s request appears in the open inbox within a second, and approving it reaches the waiting agent', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('live-bot'));
  const repository = await agent.createRepository(uniqueName('site'));
  const inbox = new InboxPage(page);
  await inbox.open();
  const pendingBefore = await inbox.pendingCountInTitle();

  const { signOff, existing } = await agent.requestSignOff({
    op: 'repository.unserve',
    repository: repository.name,
    input: {},
    summary: 'Take the site offline for the migration',
    reason: 'The migration rewrites every page.',
  });
  expect(existing).toBe(false);
  const title = requestTitle(name, signOff.description);

  await test.step('the request shows up live, with everything the owner weighs', async () => {
    // Measured from the moment the request returned: no reload, no polling.
    await expect(inbox.pendingRequest(title)).toBeVisible({ timeout: 1000 });
    // The row leads with the effect's whole sentence (UI1), not a few words of it.
    await expect(inbox.row(title)).toContainText(`Stops serving repository ${repository.name}`);
    const request = await inbox.select(title);
    await expect(request).toContainText(`Stops serving repository ${repository.name}`);
    await expect(request).toContainText('repository.unserve');
    await expect(request).toContainText(repository.name);
    await expect(request).toContainText('Take the site offline for the migration');
    await expect(request).toContainText('The migration rewrites every page.');
    await expect(request).toContainText('in 7 days');
    await request.getByText('Details: the exact input').click();
    await expect(request.getByLabel('Input', { exact: true })).toHaveText('{}');
    const hash = request.getByLabel(`Input hash ${signOff.inputHash}`);
    await expect(hash).toHaveText(signOff.inputHash.slice(0, 12));
    await expect(hash).toHaveAttribute('title', signOff.inputHash);
    await expect(request.getByText('Irreversible')).toHaveCount(0);
    await expect(page).toHaveTitle(`(${pendingBefore + 1}) Countersign`);
  });

  await test.step('approving runs it; the owner sees the outcome and the agent’s subscription the decision', async () => {
    const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
    await inbox.approve(title);

    await expect(inbox.outcome(title)).toContainText('Approved. It ran and succeeded.');
    await expect(inbox.toast).toContainText(`${title}: Approved. It ran and succeeded.`);
    await expect(inbox.pendingRequest(title)).toHaveCount(0);
    await expect(page).toHaveTitle(pendingBefore === 0 ? 'Countersign' : `(${pendingBefore}) Countersign`);

    const decided = await decision;
    expect(decided.state).toBe('SUCCEEDED');
    expect(decided.result).toEqual({ state: 'UNSERVED' });
  });
});

test('a high-risk request is approved only once its target is typed, and cancelling leaves it waiting', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('cleanup-bot'));
  const repository = await agent.createRepository(uniqueName('scratch'));
  const inbox = new InboxPage(page);
  await inbox.open();

  const { signOff } = await agent.requestSignOff({ op: 'repository.delete', repository: repository.name, input: {}, summary: 'Delete the scratch repository' });
  const title = requestTitle(name, signOff.description);
  await expect(inbox.row(title)).toContainText('High risk');
  const request = await inbox.select(title);
  await expect(request.getByText('Irreversible', { exact: true })).toBeVisible();
  await expect(request).toContainText('It deletes the repository, and cannot be undone.');

  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = inbox.typeToApproveDialog();
  await expect(dialog).toContainText(`Deletes repository ${repository.name}`);
  const approve = dialog.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeDisabled();
  // Nearly the name is not the name.
  await dialog.getByRole('textbox').fill(repository.name.slice(0, -1));
  await expect(approve).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(request.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();
  expect((await agent.signOff(signOff.id))?.state).toBe('PENDING');

  await inbox.approve(title, { type: repository.name });
  await expect(inbox.outcome(title)).toContainText('Approved. It ran and succeeded.');
  expect(await agent.signOff(signOff.id)).toMatchObject({ state: 'SUCCEEDED', result: { deleted: true } });
});
