/**
 * What to show for a mutation's last answer: the refusal as the caller worded
 * it, else the transport's failure after what was being done ("Approving
 * failed: …"), so the owner knows which step did not happen.
 */
export function mutationError({ refusal, failure }: { refusal?: string; failure?: string }, doing: string): string | undefined {
  return refusal ?? (failure === undefined ? undefined : `${doing} failed: ${failure}`);
}
