import { useResultMutation, type ResultMutationOptions, type Succeeded } from '../transport/use-result-mutation';
import { ConfirmDialog, type ConfirmDialogProps } from './modal-dialog';

export interface MutationConfirmDialogProps<TResult, TVariables> extends Omit<ConfirmDialogProps, 'pending' | 'error' | 'onConfirm'> {
  /** The feature's mutation (from its `*-queries.ts`), run on confirming. */
  mutation: ResultMutationOptions<TResult, TVariables>;
  /** What it is run with. */
  variables: TVariables;
  /** Runs on success; absent: the dialog closes. */
  onDone?: (result: Succeeded<TResult>) => void;
}

/**
 * A yes/no question whose yes runs one mutation: pending while it runs, its
 * refusal shown in the dialog, and on success the dialog's caller told.
 */
export function MutationConfirmDialog<TResult, TVariables>({
  mutation,
  variables,
  onDone,
  onClose,
  ...confirm
}: MutationConfirmDialogProps<TResult, TVariables>) {
  const run = useResultMutation(mutation, { onSuccess: (result) => (onDone ? onDone(result) : onClose()) });
  return <ConfirmDialog {...confirm} pending={run.pending} error={run.error} onConfirm={() => run.mutate(variables)} onClose={onClose} />;
}
