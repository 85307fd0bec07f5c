import { mutationOptions, type MutationMeta, type QueryKey } from '@tanstack/react-query';

/**
 * A feature's mutation that refetches everything under its query root once
 * the API answered, whatever it answered: a refusal (a taken name, a thing
 * changed elsewhere) means what the page shows is stale too. Keyed under the
 * same root, so a page can watch its own mutations by that key.
 */
export function refetchingMutation<TResult, TVariables>(
  root: QueryKey,
  name: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  meta?: MutationMeta,
) {
  return mutationOptions({
    mutationKey: [...root, name],
    ...(meta && { meta }),
    mutationFn,
    onSuccess: (_result: TResult, _variables: TVariables, _onMutate: unknown, { client }) => client.invalidateQueries({ queryKey: root }),
  });
}
