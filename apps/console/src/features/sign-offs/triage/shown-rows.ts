import type { HeldRequest } from './held-decision';
import type { InboxRow } from './inbox-row';
import type { SettledEntry } from './use-settled-rows';

/** One line of the Inbox's list: a waiting request, one just decided here, or one whose decision is held for Undo or on its way. */
export type ShownRow = { kind: 'waiting'; row: InboxRow } | { kind: 'settled'; entry: SettledEntry } | { kind: 'held'; request: HeldRequest; text: string };

/**
 * The list as shown: the waiting rows in their order, with each request
 * decided or held from this tab put back where its row was, so nothing
 * jumps from under the owner's eyes (UI5).
 */
export function placeRows(listed: readonly InboxRow[], settled: Iterable<SettledEntry>, held: readonly { request: HeldRequest; text: string }[]): ShownRow[] {
  const shown: ShownRow[] = listed.map((row) => ({ kind: 'waiting', row }));
  const placed: (ShownRow & { index: number })[] = [
    ...[...settled].map((entry) => ({ kind: 'settled' as const, entry, index: entry.index })),
    ...held.map(({ request, text }) => ({ kind: 'held' as const, request, text, index: request.index })),
  ];
  for (const item of placed.sort((a, b) => a.index - b.index)) shown.splice(Math.min(item.index, shown.length), 0, item);
  return shown;
}
