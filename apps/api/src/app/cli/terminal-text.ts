import { showInvisibles, TERMINAL_LAYOUT } from '@countersign/manifest';

/**
 * The CLI's stdout and stderr, every write shown as the console shows text
 * (packages/manifest/src/invisible-characters.ts): an agent chooses a
 * summary, and ESC, an OSC sequence or a carriage return printed raw could
 * make the operator's terminal rewrite a line already written (a
 * `repository.delete` among them) or set the clipboard. Only tab and line feed
 * pass, the CLI's own layout; JSON output stays the same value, since a raw
 * control character can only stand inside a JSON string.
 */
export const terminal = {
  /** Writes to stdout; false when the stream wants a `drain` before more. */
  out: (text: string): boolean => process.stdout.write(showInvisibles(text, TERMINAL_LAYOUT)),
  /** Writes to stderr. */
  err: (text: string): boolean => process.stderr.write(showInvisibles(text, TERMINAL_LAYOUT)),
};

/**
 * One value inside a line of output (a name, an operation, a summary): its
 * tabs and line breaks are escaped too, so that it cannot forge a column of
 * `signoff list` or a line of its own.
 */
export function field(value: string): string {
  return showInvisibles(value, '');
}
