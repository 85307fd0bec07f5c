import { expect, type Locator, type Page } from '@playwright/test';

/** The Registry page: manifest names, a name's versions, one version in full, and the signing keys. */
export class RegistryPage {
  readonly heading: Locator;
  readonly manifests: Locator;
  readonly signingKeys: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Registry', level: 1 });
    this.manifests = page.getByRole('region', { name: 'Manifests' });
    this.signingKeys = page.getByRole('region', { name: 'Signing keys' });
  }

  /** Opens the page (which reads the registry afresh) and waits until both sections have loaded. */
  async open(): Promise<void> {
    await this.page.goto('/registry');
    await expect(this.heading).toBeVisible();
    await expect(this.manifests.getByRole('status')).toHaveCount(0);
    await expect(this.signingKeys.getByRole('status')).toHaveCount(0);
  }

  /** Shows a name's versions. */
  async chooseName(name: string): Promise<void> {
    const button = this.manifests.getByRole('list', { name: 'Names' }).getByRole('button', { name, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** The table of a name's versions. */
  versions(name: string): Locator {
    return this.manifests.getByRole('table', { name: `Versions of ${name}` });
  }

  /** A version's row, by its version (the row header). */
  versionRow(name: string, version: string): Locator {
    return this.versions(name)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: version, exact: true }) });
  }

  /** Shows a version in full below the list. */
  async chooseVersion(name: string, version: string): Promise<void> {
    await this.versionRow(name, version).getByRole('button', { name: version, exact: true }).click();
    await expect(this.detail(name, version)).toBeVisible();
  }

  /** The chosen version in full, named `name@version`. */
  detail(name: string, version: string): Locator {
    return this.manifests.getByRole('region', { name: `${name}@${version}`, exact: true });
  }

  /** The exact text a version was published with. */
  content(name: string, version: string): Locator {
    return this.detail(name, version).getByLabel(`Content of ${name}@${version}`, { exact: true });
  }

  /** Asks the server to verify the shown version; its answer appears as a status (verifies) or an alert (why not). */
  async verify(name: string, version: string): Promise<void> {
    await this.detail(name, version).getByRole('button', { name: 'Verify', exact: true }).click();
  }

  /** Pastes a public key into the register form and submits it; waits for the confirmation. */
  async registerKey(publicKey: string, name: string): Promise<void> {
    await this.signingKeys.getByRole('textbox', { name: 'Public key' }).fill(publicKey);
    await this.signingKeys.getByRole('textbox', { name: 'Key name' }).fill(name);
    await this.signingKeys.getByRole('button', { name: 'Register key' }).click();
    await expect(this.signingKeys.getByRole('status')).toHaveText(`Registered “${name}”.`);
  }

  /** A signing key's row, by its name (the row header). */
  keyRow(name: string): Locator {
    return this.signingKeys.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Clicks Revoke on the key's row and confirms in the dialog. */
  async revokeKey(name: string): Promise<void> {
    await this.keyRow(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Revoke key “${name}”?` });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(dialog).toBeHidden();
  }
}
