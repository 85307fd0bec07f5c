import { parseArgs } from 'node:util';

/** What `pnpm countersign --help` prints, and every usage mistake after its message. */
export const USAGE = `Usage: pnpm countersign <command>

  owner add --email E [--tenant NAME]   create an owner (password read from stdin)
  setup-link                            a new first-owner setup link while no owner exists
                                        (earlier unused links stop working)
  agent add --owner E --name N          create an agent; prints its key once
  agent revoke --owner E --id ID        revoke an agent's key at once
  agent rotate --owner E --id ID        replace an agent's key; prints the new one once
  owner-token create --owner E --name N --scope read|decide|admin
                                        create an owner API token; prints it once
  owner-token revoke --owner E --id ID  revoke an owner token at once
  signoff list --owner E [--state S]    the owner's sign-off requests (newest first, up to 100)
  signoff approve ID --owner E [--note N]
  signoff deny ID --owner E --note N    decide a pending request, as the console does
  authority issue --owner E --agent ID --name N [--id REF] [--tokens T]
                  [--minor-units M --currency C] [--draws D] [--per-draw-tokens T]
                  [--per-draw-minor-units M] [--not-before ISO] [--not-after ISO]
                                        issue a standing authority; prints its id
  signing-key add --owner E --name N --public-key B64
                                        register a manifest signing key (Ed25519: 32 bytes in base64, or PEM)
  mcp                                   the Countersign MCP server over stdio (COUNTERSIGN_URL,
                                        COUNTERSIGN_AGENT_KEY); mcp gate … puts a sign-off gate
                                        in front of another MCP server
  audit verify [--tenant T] [--from FILE] [--head FILE] [--public-key KEY]
                                        recompute the decision log's hash chains (the database's,
                                        or an export's without a database) and name the first entry
                                        that does not verify; --head holds a chain to a signed head
  audit export --tenant T               a tenant's decision log as JSONL (stdout)
  audit sign [--tenant T]               sign chain heads now; prints each signed head (JSON)
  audit keys                            every audit public key (kid, key, created, retired)
  audit rotate-key                      sign audit heads with a new key (old ones stay for verifying)
  approval-keys rotate                  sign approval tokens with a new key (the old one stays
                                        published until its last token expires)
  secret-key rotate                     re-seal every sealed secret under COUNTERSIGN_SECRET_KEY, with the
                                        old key as COUNTERSIGN_SECRET_KEY_PREVIOUS (docs/deploy.md)
  migrate                               apply pending database migrations
  config check                          every setting, its value (secrets hidden) and source, and any
                                        error (a refused value, an unknown COUNTERSIGN_* name): exit 1
  status [--json] [--max-outbox-age-seconds S]
                                        the database: instances alive (heartbeats), migrations,
                                        owners, agents, waiting sign-offs, outbox depth; exits 1
                                        when no instance is alive, migrations are pending or the
                                        outbox's oldest item is older than S seconds (300)

Configuration comes from the environment, as for the server (DATABASE_URL,
COUNTERSIGN_DATA_DIR). With the embedded database, the CLI joins a server
already running on the same data folder; it creates a new database only
with --init (a data folder that holds none is usually the wrong one).`;

/** Thrown for a mistake of the caller's: printed without a stack, exit 2. */
export class UsageError extends Error {}

/** The command line, read strictly; a mistake in it is the caller's (exit 2). */
export function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        tenant: { type: 'string' },
        owner: { type: 'string' },
        name: { type: 'string' },
        id: { type: 'string' },
        scope: { type: 'string' },
        state: { type: 'string' },
        note: { type: 'string' },
        agent: { type: 'string' },
        tokens: { type: 'string' },
        'minor-units': { type: 'string' },
        currency: { type: 'string' },
        draws: { type: 'string' },
        'per-draw-tokens': { type: 'string' },
        'per-draw-minor-units': { type: 'string' },
        'not-before': { type: 'string' },
        'not-after': { type: 'string' },
        'public-key': { type: 'string' },
        from: { type: 'string' },
        'max-outbox-age-seconds': { type: 'string' },
        head: { type: 'string' },
        init: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}
