/**
 * Characters that change how text reads without being seen: control
 * characters (`\p{Cc}`: C0 including ESC, DEL, C1 including CSI and OSC), format
 * characters (`\p{Cf}`: bidi embeddings, overrides and isolates, U+061C, zero
 * widths, the BOM, tag characters), line and paragraph separators, lone
 * surrogates, and the Hangul fillers and U+2065 that render as nothing. An
 * agent chooses the strings an owner reads (a summary, an input value); with
 * U+202E it could reorder what the console shows, with ESC it could make a
 * terminal rewrite a line or set the clipboard (OSC 52).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115f\u1160\u2065\u3164\uffa0]/gu;

/** Tab and line breaks lay text out rather than hide in it: what the console keeps (a `<pre>` shows them as layout). */
export const TEXT_LAYOUT = '\t\n\r';

/**
 * What a terminal keeps: tab and line feed only. A carriage return moves the
 * cursor back over a line already written, so on a terminal it hides text.
 */
export const TERMINAL_LAYOUT = '\t\n';

/**
 * `text` with every invisible character (but those in `keep`) written as its
 * `\uXXXX` escape, one per UTF-16 code unit, so the result is still the same
 * value when it is JSON text: a raw control character can only stand inside
 * a JSON string, where `\uXXXX` means exactly that character. The console and
 * the `countersign` CLI both show agent-chosen text through this one rule.
 */
export function showInvisibles(text: string, keep: string = TEXT_LAYOUT): string {
  return text.replace(INVISIBLE, (char) => (keep.includes(char) ? char : escapeUnits(char)));
}

function escapeUnits(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}
