import type { OperationFieldsFragment, OperationRunner } from '../../gql/graphql';
import { TableHead } from '../../shared/ui/table-head';
import { RiskChip } from '../sign-offs/sign-off-display';

const RUNNER_LABELS: Record<OperationRunner, string> = {
  SERVER: 'Built-in',
  AGENT: 'Agent',
  WEBHOOK: 'Webhook',
};

export interface OperationsTableProps {
  operations: readonly OperationFieldsFragment[];
  onNewVersion: (operation: OperationFieldsFragment) => void;
  onRotate: (operation: OperationFieldsFragment) => void;
  onRetire: (operation: OperationFieldsFragment) => void;
}

/** The catalogue, one row an operation at its latest version. */
export function OperationsTable({ operations, onNewVersion, onRotate, onRetire }: OperationsTableProps) {
  return (
    <div className="table-scroll">
      <table>
        <TableHead columns={['Operation', 'Version', 'Runner', 'Risk', 'Open requests', 'Status']} actions />
        <tbody>
          {operations.map((operation) => (
            <OperationRow
              key={operation.op}
              operation={operation}
              onNewVersion={() => onNewVersion(operation)}
              onRotate={() => onRotate(operation)}
              onRetire={() => onRetire(operation)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface OperationRowProps {
  operation: OperationFieldsFragment;
  onNewVersion: () => void;
  onRotate: () => void;
  onRetire: () => void;
}

/** One operation at its latest version; the built-ins are Countersign's own and have no actions. */
function OperationRow({ operation, onNewVersion, onRotate, onRetire }: OperationRowProps) {
  const { op } = operation;
  const editable = operation.runner !== 'SERVER' && !operation.retired;
  return (
    <tr>
      <th scope="row">
        <code>{op}</code>
        <div className="muted small">{operation.summary}</div>
        {operation.webhookUrl && <div className="muted small url">{operation.webhookUrl}</div>}
      </th>
      <td>v{operation.version}</td>
      <td>{RUNNER_LABELS[operation.runner]}</td>
      <td>
        <RiskChip risk={operation.risk} />
      </td>
      <td>{operation.openCount}</td>
      <td>{operation.retired ? <span className="badge muted-badge">Retired</span> : <span className="badge live">Live</span>}</td>
      <td>
        {editable && (
          <div className="actions">
            <button type="button" className="secondary" aria-label={`New version of ${op}`} onClick={onNewVersion}>
              New version
            </button>
            {operation.runner === 'WEBHOOK' && (
              <button type="button" className="secondary" aria-label={`Rotate secret of ${op}`} onClick={onRotate}>
                Rotate secret
              </button>
            )}
            <button type="button" className="danger" aria-label={`Retire ${op}`} onClick={onRetire}>
              Retire
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
