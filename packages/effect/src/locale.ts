/**
 * The one locale the product writes in (issue 26, item 6): the UI is
 * English, so every number, date, relative time and amount is formatted
 * with `en` — never the browser's language, which put "in 7 Tagen" inside
 * English sentences. Time zones stay the owner's: a zone is where they are,
 * not what language they read.
 */
export const UI_LOCALE = 'en';

/** A whole count as the UI writes it: "1,250,000". */
export function formatCount(value: number): string {
  return value.toLocaleString(UI_LOCALE);
}
