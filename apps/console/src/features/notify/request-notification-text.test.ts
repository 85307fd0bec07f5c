import { describe, expect, it } from 'vitest';
import { requestNotificationText, type NotifiedRequest } from './request-notification-text';

/** A token request whose summary claims less than its input asks for. */
const readWrite: NotifiedRequest = {
  op: 'repository.mintToken',
  input: { scopes: ['read', 'write'], ttlHours: 720 },
  description: 'Mint an access token for docs',
  agent: { __typename: 'Agent', id: 'a1', name: 'token-bot' },
  proposedBy: null,
  repository: { __typename: 'Repository', id: 'r1', name: 'docs' },
  operation: { __typename: 'Operation', op: 'repository.mintToken', version: 1, runner: 'SERVER', inputSchema: {} },
  risk: 'MEDIUM',
  irreversible: false,
  summary: 'Read-only token',
};

describe('the hidden tab’s notification', () => {
  it('leads with the effect the console computes, then the risk in words, then what the agent says — as the server’s push does', () => {
    // The same sentence apps/api/src/delivery/notifications/effect-first.test.ts finds leading the push, email, Slack and webhook bodies.
    expect(requestNotificationText(readWrite)).toEqual({
      title: 'token-bot asks for a sign-off',
      body: 'A read and write token for docs, valid 30 days\nMedium risk\nAgent says: “Read-only token”',
    });
  });

  it('an owner’s proposal names its proposer, whose words it marks as theirs', () => {
    const proposal = requestNotificationText({
      ...readWrite,
      op: 'tenant.changePolicy',
      input: { op: 'repository.delete', approvalsRequired: 1 },
      agent: null,
      proposedBy: { __typename: 'Owner', id: 'o1', email: 'alice@acme.test' },
      repository: null,
      risk: 'HIGH',
      summary: 'Let repository.delete run with 1 approval',
    });
    expect(proposal).toEqual({
      title: 'alice@acme.test proposes a change',
      body: 'Lets repository.delete run with one owner’s approval\nHigh risk\nalice@acme.test says: “Let repository.delete run with 1 approval”',
    });
  });
});
