// Reads YAML manifests off the event loop (see parse-pool.ts). Plain
// JavaScript, so the worker starts the same under the server, the CLI and the
// test runner; it loads the TypeScript reader through tsx's API. A refusal
// travels back as its code and message, and the pool raises it again.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { parseManifest } = await tsImport('./content.ts', import.meta.url);
// Loading takes a while (the reader is compiled on the way in): the time budget starts after it.
parentPort.postMessage({ ready: true });

parentPort.on('message', ({ id, text }) => {
  try {
    parentPort.postMessage({ id, manifest: parseManifest(text) });
  } catch (error) {
    const code = error?.extensions?.code;
    parentPort.postMessage({ id, error: { code: typeof code === 'string' ? code : 'INTERNAL', message: String(error?.message ?? error) } });
  }
});
