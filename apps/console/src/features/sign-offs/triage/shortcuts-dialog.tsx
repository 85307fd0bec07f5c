import { ModalDialog } from '../../../shared/ui/modal-dialog';

/** The Inbox's keys, as `?` lists them. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['j / k', 'Next / previous request'],
  ['Enter', 'Open the request'],
  ['a', 'Approve (the selection, when there is one)'],
  ['d', 'Deny: write the note, then Enter (the selection, when there is one)'],
  ['x', 'Select or unselect the request'],
  ['u', 'Undo a low-risk decision made by key, within its 5 s'],
  ['?', 'Show these shortcuts'],
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" onClose={onClose}>
      <dl className="shortcuts">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
