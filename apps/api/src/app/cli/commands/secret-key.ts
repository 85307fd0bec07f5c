import { resealAll } from '../../../platform/lib/sealed-columns-store.js';
import { UsageError } from '../command-line.js';
import type { Command } from '../cli-context.js';
import { terminal } from '../terminal-text.js';

/**
 * `secret-key rotate`: the last step of replacing COUNTERSIGN_SECRET_KEY
 * (docs/deploy.md, "Rotating the sealing key"). Every instance already runs
 * with the new key and the old one as COUNTERSIGN_SECRET_KEY_PREVIOUS, so
 * both open; this re-seals every sealed value under the new key in one
 * transaction, after which the previous key can go.
 */
export const secretKeyCommands: Record<string, Command> = {
  'secret-key rotate': async (cli) => {
    if (!cli.config.secretKey || !cli.config.secretKeyPrevious)
      throw new UsageError(
        'secret-key rotate needs the new key as COUNTERSIGN_SECRET_KEY and the old one as COUNTERSIGN_SECRET_KEY_PREVIOUS (give both to every instance first).',
      );
    const box = await cli.box();
    const counts = await cli.deps.scope.transaction((tx) => resealAll(tx, box));
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const each = Object.entries(counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    terminal.out(`Re-sealed ${total} values under the new COUNTERSIGN_SECRET_KEY (${each}).\n`);
    terminal.err('COUNTERSIGN_SECRET_KEY_PREVIOUS can now be removed from every instance.\n');
  },
};
