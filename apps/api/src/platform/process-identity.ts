import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assetPath } from './assets/asset-paths.js';

/**
 * This process's id, one per API process (each worker of a cluster its own):
 * the key of its heartbeat row and the `service.instance.id` of its traces,
 * so a trace leads to the row `countersign status` lists, and back.
 */
export const PROCESS_INSTANCE_ID = randomUUID();

/** The variable a cluster's primary sets to a worker's slot (1 … N); internal, not a setting. */
export const WORKER_SLOT_VARIABLE = 'COUNTERSIGN_CLUSTER_WORKER';

/**
 * This process's worker slot: 1 … N in a cluster's worker (a replacement
 * keeps its slot, with a new pid), 0 in a cluster's primary and in a
 * single-process server. Read once, at load: the primary sets it before the fork.
 */
export const PROCESS_WORKER = Number(process.env[WORKER_SLOT_VARIABLE] ?? 0) || 0;

/** The API package's version: what the heartbeat reports and traces carry as `service.version`. */
export const API_VERSION = (JSON.parse(readFileSync(assetPath('package.json', '../../../package.json'), 'utf8')) as { version: string }).version;
