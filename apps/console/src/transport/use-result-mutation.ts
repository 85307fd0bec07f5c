import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/** Any member of a result union that implements `DomainError`, as the documents select it. */
type Refusal = { code: unknown; message: string };

/**
 * A mutation whose answer is a result union: a domain refusal becomes the
 * error shown (its message, as the API words it), a transport or GraphQL
 * failure too, and only a success reaches `onSuccess`.
 */
export function useResultMutation<TVariables, TResult extends { __typename: string }>(
  mutate: (variables: TVariables) => Promise<TResult>,
  onSuccess: (result: Exclude<TResult, Refusal>) => Promise<void> | void,
) {
  const [refusal, setRefusal] = useState<string>();
  const mutation = useMutation({
    mutationFn: mutate,
    onMutate: () => setRefusal(undefined),
    onSuccess: async (result) => {
      if ('code' in result && 'message' in result) {
        setRefusal((result as Refusal).message);
        return;
      }
      await onSuccess(result as Exclude<TResult, Refusal>);
    },
  });
  return {
    mutate: mutation.mutate,
    pending: mutation.isPending,
    error: refusal ?? (mutation.isError ? mutation.error.message : undefined),
  };
}
