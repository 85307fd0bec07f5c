import { GraphQLError } from 'graphql';
import { describe, expect, test } from 'vitest';
import { checkWebhookUrl } from './webhook-url.js';

/** The BAD_INPUT message checkWebhookUrl throws, or undefined when it accepts. */
function refusal(raw: string, production: boolean): string | undefined {
  try {
    checkWebhookUrl(raw, production);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions.code).toBe('BAD_INPUT');
    return (error as GraphQLError).message;
  }
}

describe('checkWebhookUrl', () => {
  test.each([
    ['https://hooks.example.com/countersign', true],
    ['https://hooks.example.com:8443/x?tenant=1', true],
    ['https://hooks.example.com/countersign', false],
    ['http://localhost:4000/hook', false],
    ['http://127.0.0.1:4000/hook', false],
    ['http://[::1]:4000/hook', false],
    ['https://8.8.8.8/hook', true],
  ] as const)('accepts %s (production: %s)', (raw, production) => {
    expect(refusal(raw, production)).toBeUndefined();
    expect(checkWebhookUrl(raw, production)).toBeInstanceOf(URL);
  });

  test.each([
    ['not a url', false, /not a URL/],
    ['/relative/path', false, /not a URL/],
    ['https://user:pass@hooks.example.com/', false, /credentials/],
    ['https://user@hooks.example.com/', true, /credentials/],
    ['http://hooks.example.com/', false, /https:\/\/.*localhost or a loopback/],
    ['http://10.0.0.1/', false, /https:\/\/.*localhost or a loopback/],
    ['http://localhost:4000/hook', true, /https:\/\/ in production/],
    ['http://127.0.0.1:4000/hook', true, /https:\/\/ in production/],
    ['ftp://hooks.example.com/', false, /must use https:\/\//],
    ['file:///etc/passwd', false, /must use https:\/\//],
    ['https://hooks.example.com/#section', false, /fragment/],
    ['https://hooks.example.com/#', false, /fragment/],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, false, /over 2000 characters/],
    ['https://10.0.0.1/hook', true, /private, loopback or link-local/],
    ['https://169.254.169.254/latest/meta-data', true, /private, loopback or link-local/],
    ['https://[::1]/hook', true, /private, loopback or link-local/],
    ['https://localhost/hook', true, /private, loopback or link-local/],
  ] as const)('refuses %s (production: %s)', (raw, production, message) => {
    expect(refusal(raw, production)).toMatch(message);
  });
});
