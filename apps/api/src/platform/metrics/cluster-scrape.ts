import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/*
 * COUNTERSIGN_WORKERS > 1 (cluster.ts): the port's connections go round the
 * workers, so a scrape reaches any one of them. Each answers for all: it
 * asks the primary, which gathers every worker's registry over IPC
 * (prom-client's AggregatorRegistry) and sends back one exposition, counters
 * and histograms summed, database-wide gauges taken once (see each
 * metric's `aggregator`). Without this a counter would jump between
 * workers' values from scrape to scrape.
 */

const ASK = 'countersign:metrics-scrape';
const ANSWER = 'countersign:metrics-answer';
/** prom-client's own wait for the workers is 5 s; the worker waits a little longer for the primary's answer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** Whether scrapes go through the cluster's primary: in a worker a primary forked. */
export const scrapesThroughPrimary = (): boolean => cluster.isWorker;

/** In a worker: offers this registry to the primary's gatherings (prom-client answers them once an AggregatorRegistry exists). */
export function joinClusterScrapes(registry: Registry): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/** In the primary: answers the workers' scrapes with every worker's metrics together. Returns the function that stops. */
export function answerClusterScrapes(): () => void {
  const aggregator = new AggregatorRegistry();
  const onMessage = (worker: Worker, message: unknown) => {
    if ((message as Partial<Ask> | null)?.type !== ASK) return;
    const { id } = message as Ask;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  };
  cluster.on('message', onMessage);
  return () => cluster.off('message', onMessage);
}

let lastId = 0;

/** In a worker: the whole cluster's exposition, from the primary. */
export function scrapeCluster(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = ++lastId;
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: unknown) => {
      const answer = message as Partial<Answer> | null;
      if (answer?.type !== ANSWER || answer.id !== id) return;
      finish();
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(`the cluster's metrics could not be gathered: ${answer.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('the cluster primary did not answer a metrics scrape in time'));
    }, ANSWER_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send!({ type: ASK, id } satisfies Ask);
  });
}
