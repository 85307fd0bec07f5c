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
  const request = await inbox.select(requestTitle(name, signOff.description, signOff.op));
  await request.getByText('Details: the exact input').click();
  const input = request.getByLabel('Input', { exact: true });
  await expect(input).toContainText('"name": "invoice\\u202efdp.exe"');
  // Nowhere on the request, the effect in words included, does the override act.
  await expect(request).not.toContainText('\u202E');
});
