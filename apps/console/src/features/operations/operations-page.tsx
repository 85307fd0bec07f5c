import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperationFieldsFragment, OperationRunner } from '../../gql/graphql';
import { RiskChip } from '../sign-offs/sign-off-display';
import { DefineOperationForm, type Defined } from './define-operation-form';
import { RetireOperationDialog, RotateSecretDialog } from './operation-dialogs';
import { operationQueries } from './operation-queries';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { PageError } from '../../shared/ui/page-error';

const RUNNER_LABELS: Record<OperationRunner, string> = {
  SERVER: 'Built-in',
  AGENT: 'Agent',
  WEBHOOK: 'Webhook',
};

/** What the form is doing: closed, defining a new operation, or the next version of one. */
type Editing = { base?: OperationFieldsFragment } | undefined;

/**
 * The tenant's catalogue: the built-ins and the operations its owners
 * defined, with their open requests. Define one or a new version, see a
 * webhook's secret once, rotate it, retire an operation.
 */
export function OperationsPage() {
  const operations = useQuery(operationQueries.list());
  const [editing, setEditing] = useState<Editing>();
  const [defined, setDefined] = useState<string>();
  const [secret, setSecret] = useState<{ op: string; secret: string }>();
  const [retiring, setRetiring] = useState<OperationFieldsFragment>();
  const [rotating, setRotating] = useState<OperationFieldsFragment>();

  const onDefined = ({ operation, created, webhookSecret }: Defined) => {
    setEditing(undefined);
    setDefined(
      created
        ? `Defined ${operation.op} v${operation.version}.`
        : `Nothing changed: ${operation.op} v${operation.version} already has exactly this definition.`,
    );
    if (webhookSecret) setSecret({ op: operation.op, secret: webhookSecret });
  };
  const edit = (base?: OperationFieldsFragment) => {
    setDefined(undefined);
    setEditing({ base });
  };

  return (
    <>
      <h1>Operations</h1>
      <p className="muted">
        What your agents may ask you for. Each operation you define has a JSON Schema for its input; approved requests are run by the agent (with a signed,
        single-use grant) or delivered to your webhook.
      </p>
      {editing ? (
        // Keyed by the base, so "New version" of another operation starts from that one's content.
        <DefineOperationForm key={editing.base?.op ?? ''} base={editing.base} onDefined={onDefined} onCancel={() => setEditing(undefined)} />
      ) : (
        <div>
          <button type="button" onClick={() => edit()}>
            Define operation
          </button>
        </div>
      )}
      {defined && (
        <p role="status" className="ok">
          {defined}
        </p>
      )}

      <section aria-labelledby="operations-list-heading">
        <h2 id="operations-list-heading">Catalogue</h2>
        {operations.isPending ? (
          <p role="status">Loading operations…</p>
        ) : operations.isError ? (
          <PageError what="operations" error={operations.error} onRetry={() => void operations.refetch()} retrying={operations.isFetching} />
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Operation</th>
                  <th scope="col">Version</th>
                  <th scope="col">Runner</th>
                  <th scope="col">Risk</th>
                  <th scope="col">Open requests</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {operations.data.map((operation) => (
                  <OperationRow
                    key={operation.op}
                    operation={operation}
                    onNewVersion={() => edit(operation)}
                    onRotate={() => setRotating(operation)}
                    onRetire={() => setRetiring(operation)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {retiring && <RetireOperationDialog operation={retiring} onClose={() => setRetiring(undefined)} />}
      {rotating && (
        <RotateSecretDialog
          operation={rotating}
          onClose={() => setRotating(undefined)}
          onRotated={(webhookSecret) => {
            setSecret({ op: rotating.op, secret: webhookSecret });
            setRotating(undefined);
          }}
        />
      )}
      {secret && <WebhookSecretDialog {...secret} onClose={() => setSecret(undefined)} />}
    </>
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
