/**
 * A table's header row: a column header for each name and, where rows have
 * buttons, a last column named "Actions" for screen readers only (a visible
 * heading over buttons would say nothing a sighted reader needs).
 */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
