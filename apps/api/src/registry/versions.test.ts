import { expect, test } from 'vitest';
import { compareVersions } from './versions.js';

test('orders semantic versions numerically, pre-releases first, then unparseable versions by text', () => {
  const versions = ['10.0.0', 'nightly', '1.0.0', '2.0.0-rc.1', '1.0.0-alpha', '2.0.0', '1.0.0-alpha.10', '1.0.0-alpha.2', '1.0.0-beta', 'beta-build', '1.2.3'];
  expect([...versions].sort(compareVersions)).toEqual([
    '1.0.0-alpha',
    '1.0.0-alpha.2',
    '1.0.0-alpha.10',
    '1.0.0-beta',
    '1.0.0',
    '1.2.3',
    '2.0.0-rc.1',
    '2.0.0',
    '10.0.0',
    'beta-build',
    'nightly',
  ]);
});
