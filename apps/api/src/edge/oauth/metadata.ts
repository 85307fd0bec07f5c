import { AGENT_SCOPE, mcpResource } from '../../domains/oauth/access-tokens.js';

/** Where a host reads what `/mcp` is and who issues its tokens (RFC 9728 §3.1: the resource's path after the well-known name). */
export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource/mcp`;
}

/**
 * The protected resource metadata of `/mcp` (RFC 9728): Countersign is its
 * own authorization server (the issuer is the public URL), tokens go in the
 * Authorization header, and the one scope is acting as an agent.
 */
export function protectedResourceMetadata(publicUrl: string): Record<string, unknown> {
  return {
    resource: mcpResource(publicUrl),
    authorization_servers: [publicUrl],
    scopes_supported: [AGENT_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Countersign MCP server',
  };
}
