import { expect, test, uniqueName } from '../fixtures.js';
import { AgentsPage } from '../pages/agents-page.js';

/** `text` as a case-insensitive pattern matching it literally. */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

test('every button in the agents list has an accessible name that contains its visible text (WCAG 2.5.3 label in name)', async ({
  page,
  context,
  signInAsOwner,
}) => {
  await signInAsOwner(context);
  const name = uniqueName('label-bot');
  const agents = new AgentsPage(page);
  await agents.open();
  await agents.createAgent(name);
  await agents.keyPanel.getByRole('button', { name: 'Done' }).click();

  // A speech user says what they see: "click Rotate key" must reach this button.
  await expect(agents.row(name).getByRole('button', { name: `Rotate key of ${name}`, exact: true })).toBeVisible();
  const buttons = agents.list.getByRole('button');
  const count = await buttons.count();
  expect(count, 'the list has buttons to check').toBeGreaterThanOrEqual(2);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    const visible = (await button.innerText()).trim();
    await expect(button, `the button showing "${visible}"`).toHaveAccessibleName(containing(visible));
  }
});
