import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAskPassword } from './ask-password';

/** Any member of a result union that implements `DomainError`, as the documents select it. */
type Refusal = { code: unknown; message: string };

/** The members of a result union that are refusals. */
export type Refused<TResult> = Extract<TResult, Refusal>;

/** The members of a result union that are not refusals. */
export type Succeeded<TResult> = Exclude<TResult, Refusal>;

/**
 * A feature's mutation, as its `*-queries.ts` builds it with `mutationOptions`:
 * the request, and the cache work every caller needs (invalidation, a reset
 * of the session). `onMutate` belongs to `useResultMutation`.
 */
export type ResultMutationOptions<TResult, TVariables> = Omit<UseMutationOptions<TResult, Error, TVariables>, 'onMutate'>;

/** What the calling component does with an answer, after the feature's own cache work. */
export interface ResultHandlers<TResult, TVariables> {
  /** Runs on a success only; a refusal never reaches it. */
  onSuccess?: (result: Succeeded<TResult>, variables: TVariables) => Promise<void> | void;
  /**
   * Runs on a refusal and returns the message to show, or `null` when the
   * caller presents the refusal itself (a lost race shown as an outcome, say).
   * Without it, the API's own message is shown.
   */
  onRefusal?: (refusal: Refused<TResult>, variables: TVariables) => string | null;
}

function isRefusal<TResult>(result: TResult): result is Refused<TResult> {
  return typeof result === 'object' && result !== null && 'code' in result && 'message' in result;
}

/**
 * The one way the console runs a mutation. The feature's options do the
 * request and the cache work; the answer is a result union (or a plain
 * object), where a domain refusal becomes the error shown (its message, as
 * the API words it), a transport or GraphQL failure too, and only a success
 * reaches `handlers.onSuccess`.
 */
export function useResultMutation<TResult, TVariables = void>(
  options: ResultMutationOptions<TResult, TVariables>,
  { onSuccess, onRefusal }: ResultHandlers<TResult, TVariables> = {},
) {
  const [refusal, setRefusal] = useState<string>();
  const askPassword = useAskPassword();
  const resend = useRef<(variables: TVariables) => void>(undefined);
  const mutation = useMutation({
    ...options,
    // Never paused while offline and replayed later (a late approval sent silently): the request runs now, and
    // fails now with "You are offline" if it cannot be sent. The QueryClient defaults say so too; this holds regardless.
    networkMode: 'always',
    onMutate: () => setRefusal(undefined),
    onSuccess: async (result, variables, onMutateResult, context) => {
      await options.onSuccess?.(result, variables, onMutateResult, context);
      if (isRefusal(result)) {
        // A change that needs a fresh password (its options say so): ask, then send the same change again.
        if (options.meta?.reauthenticate === true && askPassword && (result as { __typename?: string }).__typename === 'ReauthenticationRequired') {
          if (await askPassword()) {
            resend.current?.(variables);
            return;
          }
        }
        setRefusal(onRefusal ? (onRefusal(result, variables) ?? undefined) : result.message);
        return;
      }
      await onSuccess?.(result as Succeeded<TResult>, variables);
    },
  });
  // The answer's handler runs after this render: it resends through the mutation as it is by then.
  useEffect(() => {
    resend.current = mutation.mutate;
  }, [mutation.mutate]);
  const failure = mutation.isError ? mutation.error.message : undefined;
  return {
    mutate: mutation.mutate,
    pending: mutation.isPending,
    /** The variables of the latest call: which of two buttons is pending, say. */
    variables: mutation.variables,
    /** The latest call was answered with a success (not a refusal, not a failure). */
    succeeded: mutation.isSuccess && !isRefusal(mutation.data),
    /** The refusal's message, as `onRefusal` words it. */
    refusal,
    /** Why the request itself failed (transport, GraphQL error). */
    failure,
    /** What to show: the refusal, or else the failure. */
    error: refusal ?? failure,
    /** Forgets the latest answer, so an old error does not outlive a new attempt checked locally first. */
    reset: () => {
      setRefusal(undefined);
      mutation.reset();
    },
  };
}
