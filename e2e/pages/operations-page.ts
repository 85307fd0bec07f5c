import { expect, type Locator, type Page } from '@playwright/test';

/** What the define form takes; what is left out keeps the form's default. */
export interface OperationDefinition {
  op: string;
  summary: string;
  description?: string;
  risk?: 'LOW' | 'MEDIUM' | 'HIGH';
  runner?: 'AGENT' | 'WEBHOOK';
  irreversible?: boolean;
  needsRepository?: boolean;
  /** Typed into the editor as indented JSON, the way an owner pastes one. */
  inputSchema: object;
}

/** The Operations page: the catalogue as a table (rows named by their op), and the define form with its schema editor and example form. */
export class OperationsPage {
  readonly heading: Locator;
  readonly catalogue: Locator;
  readonly defineButton: Locator;
  /** The define form, while it is open. */
  readonly form: Locator;
  readonly schemaEditor: Locator;
  /** The disabled preview of the input, a control per top-level property, labelled by its title. */
  readonly exampleForm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Operations', level: 1 });
    this.catalogue = page.getByRole('region', { name: 'Catalogue' });
    this.defineButton = page.getByRole('button', { name: 'Define operation' });
    this.form = page.getByRole('region', { name: 'Define an operation' });
    this.schemaEditor = this.form.getByRole('textbox', { name: 'Input schema', exact: true });
    this.exampleForm = this.form.getByRole('group', { name: 'Example form' });
  }

  /** Opens the page and waits until the catalogue has loaded. */
  async open(): Promise<void> {
    await this.page.goto('/operations');
    await expect(this.heading).toBeVisible();
    await expect(this.catalogue.getByRole('status')).toHaveCount(0);
  }

  /** Opens the define form and fills it with `definition`, without submitting. */
  async fillDefinition(definition: OperationDefinition): Promise<void> {
    await this.defineButton.click();
    await expect(this.form).toBeVisible();
    const form = this.form;
    await form.getByLabel('Operation name', { exact: true }).fill(definition.op);
    // By role: a label around a select also holds the option texts, so its label text is not just "Risk".
    if (definition.risk) await form.getByRole('combobox', { name: 'Risk', exact: true }).selectOption(definition.risk);
    if (definition.runner) await form.getByRole('combobox', { name: 'Runner', exact: true }).selectOption(definition.runner);
    await form.getByLabel('Summary', { exact: true }).fill(definition.summary);
    if (definition.description !== undefined) await form.getByLabel('Description', { exact: true }).fill(definition.description);
    if (definition.irreversible !== undefined) await form.getByLabel('Irreversible', { exact: true }).setChecked(definition.irreversible);
    if (definition.needsRepository !== undefined) await form.getByLabel('Needs a repository', { exact: true }).setChecked(definition.needsRepository);
    await this.schemaEditor.fill(JSON.stringify(definition.inputSchema, null, 2));
  }

  /** Submits the open define form. */
  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Define', exact: true }).click();
  }

  /** What the page says after a definition ("Defined email.send v1."). */
  definedStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^(Defined|Nothing changed)/ });
  }

  /** An operation's row, by its op (the row header also holds its summary). */
  row(op: string): Locator {
    return this.catalogue.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: op }) });
  }
}
