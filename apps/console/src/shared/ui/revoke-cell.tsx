/** A revocable row's last cell: its Revoke button while it is live, empty once revoked (nothing is left to do). */
export function RevokeCell({ revoked, label, onRevoke }: { revoked: boolean; label: string; onRevoke: () => void }) {
  return (
    <td>
      {!revoked && (
        <button type="button" className="danger" aria-label={label} onClick={onRevoke}>
          Revoke
        </button>
      )}
    </td>
  );
}
