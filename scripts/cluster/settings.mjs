// The shape of a cluster run: how many of each, and for how long.

/** API instances behind the balancer, on one database. */
export const INSTANCES = 3;
/** Agents drawing and asking, each with an authority of its own. */
export const AGENTS = 4;
/** How long the agents keep working; CLUSTER_WORKLOAD_MS shortens it for a quick look. */
export const WORKLOAD_MS = Number(process.env.CLUSTER_WORKLOAD_MS ?? 30_000);
/** When, into the workload, one instance is SIGKILLed. */
export const KILL_AT_MS = WORKLOAD_MS / 3;
/** How long past the workload a request may keep retrying before the run gives up on it. */
export const ANSWER_GRACE_MS = 30_000;
/**
 * The message of the 503 haproxy answers itself, from the errorfile scripts/cluster/haproxy.mjs writes: when no
 * instance is in (every /readyz failing: the database is down), or the one it chose refused the connection. Either
 * way the request reached no instance: an UNAVAILABLE a client retries like an instance's.
 */
export const NO_INSTANCE_READY_MESSAGE = 'The load balancer found no instance ready for this request (haproxy); nothing was done. Retry shortly.';
