import type { Operation, SignOff, SignOffState } from '../src/types.js';

/** The catalogue the stand-in API answers: a built-in, a defined `AGENT` operation at version 2, and a retired `WEBHOOK` one. */
export function seededOperations(): Operation[] {
  const defined = { irreversible: false, secretFields: [], needsRepository: false, definedAt: '2026-12-01T09:00:00.000Z', openCount: 0 };
  const emailSchema = { type: 'object', required: ['to', 'subject'], properties: { to: { type: 'string' }, subject: { type: 'string' } } };
  return [
    {
      op: 'repository.serve',
      version: 1,
      summary: 'Serve the repository again',
      description: null,
      irreversible: false,
      risk: 'LOW',
      runner: 'SERVER',
      retired: false,
      inputSchema: { type: 'object' },
      secretFields: [],
      needsRepository: true,
      definedAt: null,
      openCount: 0,
    },
    {
      ...defined,
      op: 'email.send',
      version: 1,
      summary: 'Send an email',
      description: null,
      risk: 'LOW',
      runner: 'AGENT',
      retired: false,
      inputSchema: emailSchema,
    },
    {
      ...defined,
      op: 'email.send',
      version: 2,
      summary: 'Send an email to a customer',
      description: 'Sends one email from the support address.',
      risk: 'MEDIUM',
      runner: 'AGENT',
      retired: false,
      inputSchema: emailSchema,
      openCount: 1,
    },
    {
      ...defined,
      op: 'invoice.pay',
      version: 1,
      summary: 'Pay an invoice',
      description: null,
      risk: 'HIGH',
      runner: 'WEBHOOK',
      retired: true,
      inputSchema: { type: 'object' },
    },
  ];
}

/** What the grants part of the stand-in needs of the rest of it. */
export interface GrantsHost {
  readonly signOffs: Map<string, SignOff>;
  setState(id: string, state: SignOffState, changes?: Partial<SignOff>): void;
}

/**
 * The catalogue and the `AGENT` runner's grants for the stand-in API:
 * `operations`, `operation`, `redeemSignOff` and `reportSignOffOutcome`,
 * with the API's rules simplified (one redeem, within `redeemBy`, of the
 * approved input's hash; one report, after the redeem).
 */
export class FakeGrants {
  readonly operations = seededOperations();
  /** Every `redeemSignOff` input as received. */
  readonly redeemInputs: { id: string; inputHash: string }[] = [];
  /** Every `reportSignOffOutcome` input that ran. */
  readonly outcomeInputs: { id: string; succeeded: boolean; result: unknown; failure: string | null }[] = [];

  constructor(private readonly host: GrantsHost) {}

  /** The latest version of `op`, as a new request pins it; 1 for an op the catalogue does not list. */
  latestVersion(op: string): number {
    return Math.max(1, ...this.operations.filter((operation) => operation.op === op).map((operation) => operation.version));
  }

  resolvers() {
    return {
      operations: ({ includeRetired }: { includeRetired: boolean }) =>
        this.operations.filter((operation) => (includeRetired || !operation.retired) && operation.version === this.latestVersion(operation.op)),
      operation: ({ op, version }: { op: string; version: number | null }) =>
        this.operations.find((operation) => operation.op === op && operation.version === (version ?? this.latestVersion(op))) ?? null,
      redeemSignOff: ({ input }: { input: { id: string; inputHash: string } }) => {
        this.redeemInputs.push(input);
        return this.redeem(input.id, input.inputHash);
      },
      reportSignOffOutcome: ({ input }: { input: { id: string; succeeded: boolean; result: unknown; failure: string | null } }) => {
        const signOff = this.host.signOffs.get(input.id);
        if (!signOff) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No such sign-off.' };
        if (signOff.state !== 'REDEEMED') return { __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', message: 'Nothing to report on.', signOff };
        this.outcomeInputs.push(input);
        const { succeeded, result, failure } = input;
        this.host.setState(input.id, succeeded ? 'SUCCEEDED' : 'FAILED', {
          decidedAt: signOff.decidedAt,
          finishedAt: new Date().toISOString(),
          result,
          failure,
        });
        return { __typename: 'SignOffOutcomeReported', signOff: this.host.signOffs.get(input.id) };
      },
    };
  }

  private redeem(id: string, inputHash: string) {
    const signOff = this.host.signOffs.get(id);
    if (!signOff) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No such sign-off.' };
    if (signOff.redeemedAt !== null) return { __typename: 'AlreadyRedeemed', code: 'ALREADY_REDEEMED', message: 'The grant was redeemed already.', signOff };
    if (signOff.state === 'AWAITING_REDEEM' && signOff.redeemBy !== null && Date.parse(signOff.redeemBy) <= Date.now()) {
      this.host.setState(id, 'LAPSED', { decidedAt: signOff.decidedAt });
    }
    const current = this.host.signOffs.get(id)!;
    if (current.state === 'LAPSED')
      return { __typename: 'GrantLapsed', code: 'GRANT_LAPSED', message: 'The grant was not redeemed in time.', signOff: current };
    if (current.state !== 'AWAITING_REDEEM') {
      return { __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', message: 'Only an approved AGENT operation can be redeemed.', signOff: current };
    }
    if (inputHash !== current.inputHash) return { __typename: 'InputMismatch', code: 'INPUT_MISMATCH', message: 'The input hash is not the approved input’s.' };
    this.host.setState(id, 'REDEEMED', { decidedAt: current.decidedAt, redeemedAt: new Date().toISOString() });
    return { __typename: 'SignOffRedeemed', signOff: this.host.signOffs.get(id), approval: `approval-for-${id}` };
  }
}
