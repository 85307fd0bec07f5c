import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assetPath } from './assets/asset-paths.js';

/**
 * This process's id, one per API process (each worker of a cluster its own):
 * the key of its heartbeat row and the `service.instance.id` of its traces,
 * so a trace leads to the row `countersign status` lists, and back.
 */
export const PROCESS_INSTANCE_ID = randomUUID();

/** The API package's version: what the heartbeat reports and traces carry as `service.version`. */
export const API_VERSION = (JSON.parse(readFileSync(assetPath('package.json', '../../../package.json'), 'utf8')) as { version: string }).version;
