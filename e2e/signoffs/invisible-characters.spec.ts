import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

test('an input hiding a right-to-left override is shown with the override escaped, so the owner reads it as stored', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('trojan-bot'));
  const inbox = new InboxPage(page);
  await inbox.open();

  // Rendered raw, U+202E would show "fdp.exe" backwards as "exe.pdf".
  const { signOff } = await agent.requestSignOff({
    op: 'authority.grant',
    input: { name: 'invoice\u202Efdp.exe', tokens: 5 },
    summary: 'A budget for the invoice run',
  });
  const request = inbox.pendingRequest(requestTitle(name, signOff.description, signOff.op));
  await expect(request).toBeVisible();
  const input = request.getByLabel('Input', { exact: true });
  await expect(input).toContainText('"name": "invoice\\u202efdp.exe"');
  await expect(input).not.toContainText('\u202E');
});
