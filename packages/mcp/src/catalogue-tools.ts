import type { CountersignAgent } from '@countersign/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { answer, guarded, refusal } from './results.js';
import { manifestSchema, operationSchema } from './schemas.js';

/** Registers the tools that read the operation catalogue and publish to the manifest registry. */
export function registerCatalogueTools(server: McpServer, agent: CountersignAgent): void {
  server.registerTool(
    'list_operations',
    {
      title: 'List the operations you may ask for',
      description: [
        'List the operations you can ask your owner to sign off with request_sign_off: the built-ins (e.g. repository.mintToken) and those your owner defined.',
        'Each names its inputSchema (the JSON Schema your input must match), whether it needsRepository, its risk, whether it is irreversible, which fields of its result are secret (take them with take_secret),',
        "and its runner: SERVER (Countersign runs it on approval: wait_for_decision, then read the result), AGENT (you carry it out: redeem_sign_off, act, report_outcome), WEBHOOK (delivered to your owner's endpoint).",
        'Call it first when you are unsure which operation fits or what input it takes.',
      ].join(' '),
      inputSchema: { includeRetired: z.boolean().default(false).describe('Also list retired operations (asking for one is refused).') },
      outputSchema: { operations: z.array(operationSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ includeRetired }) =>
      guarded(async () => {
        const operations = await agent.operations({ includeRetired });
        return answer({ operations }, `${operations.length} operation${operations.length === 1 ? '' : 's'} you may ask for.`);
      }),
  );

  server.registerTool(
    'publish_manifest',
    {
      title: 'Publish a manifest version',
      description: [
        'Publish one version of an agent manifest to your owner\'s registry: `content` is its YAML or JSON text (JSON when it starts with "{") with at least `name` and `version`, at most 32 KiB.',
        'A version is immutable once published: publishing identical content again answers verdict UNCHANGED; to change anything, publish a new version.',
        'Errors: MANIFEST_VERSION_TAKEN (that name@version holds other content: bump the version), BAD_INPUT (does not parse, lacks name or version, too large), BAD_ATTESTATION.',
      ].join(' '),
      inputSchema: { content: z.string().min(1).max(32_768).describe('The manifest, as YAML or JSON text.') },
      outputSchema: {
        verdict: z.string().describe('INSERTED (new version), UNCHANGED (identical content was there), ATTESTATION_ADOPTED.'),
        replayed: z.boolean(),
        manifest: manifestSchema,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ content }) =>
      guarded(async () => {
        const published = await agent.publishManifest(content);
        if (published.kind === 'refused') return refusal(published);
        const { verdict, replayed, manifest } = published;
        return answer({ verdict, replayed, manifest }, `${manifest.name}@${manifest.version}: ${verdict}.`);
      }),
  );
}
