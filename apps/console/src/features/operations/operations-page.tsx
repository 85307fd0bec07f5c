import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperationFieldsFragment } from '../../gql/graphql';
import { OkStatus } from '../../shared/ui/form-feedback';
import { QueryState } from '../../shared/ui/query-state';
import { DefineOperationForm, type Defined } from './define-operation-form';
import { RetireOperationDialog, RotateSecretDialog } from './operation-dialogs';
import { operationQueries } from './operation-queries';
import { OperationsTable } from './operations-table';
import { WebhookSecretDialog } from './webhook-secret-dialog';

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
      <OkStatus message={defined} />

      <section aria-labelledby="operations-list-heading">
        <h2 id="operations-list-heading">Catalogue</h2>
        <QueryState query={operations} loading="Loading operations…" what="operations">
          {(data) => <OperationsTable operations={data} onNewVersion={edit} onRotate={setRotating} onRetire={setRetiring} />}
        </QueryState>
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
