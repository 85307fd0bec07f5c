// Judges agents' inputs against stored input schemas off the event loop
// (see validation-pool.ts). Plain JavaScript, so the worker starts the same
// under the server, the CLI and the test runner; it loads the TypeScript
// validator through tsx's API, as the manifest reader does. Each worker keeps
// its own cache of compiled schemas (validatorFor).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { validatorFor } = await tsImport('./json-schema.ts', import.meta.url);
// Compiling the first schema warms ajv's code generation: the time budget starts after it.
validatorFor('{"type":"object","properties":{"warm":{"type":"string","format":"email"}}}').validate({ warm: 'a@b.test' });
parentPort.postMessage({ ready: true });

parentPort.on('message', ({ id, schema, input }) => {
  try {
    // Compiling (once per schema text in this worker) has its own, longer bound: the budget is for judging the input.
    const validator = validatorFor(schema);
    parentPort.postMessage({ id, compiled: true });
    parentPort.postMessage({ id, problem: validator.validate(JSON.parse(input)) });
  } catch (error) {
    const code = error?.extensions?.code;
    parentPort.postMessage({ id, error: { code: typeof code === 'string' ? code : 'INTERNAL', message: String(error?.message ?? error) } });
  }
});
