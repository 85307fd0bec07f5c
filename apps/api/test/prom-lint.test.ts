import { describe, expect, test } from 'vitest';
import { lintExposition } from './prom-lint.js';

const family = (name: string, type: string, samples: string[], help = `# HELP ${name} What it is`) => [help, `# TYPE ${name} ${type}`, ...samples].join('\n');

describe('the exposition linter (promtool check metrics’ rules)', () => {
  test('passes a clean exposition of every type', () => {
    const text = [
      family('app_requests_total', 'counter', ['app_requests_total{route="graphql"} 3']),
      family('app_up', 'gauge', ['app_up 1']),
      family('app_wait_seconds', 'histogram', [
        'app_wait_seconds_bucket{le="0.1"} 1',
        'app_wait_seconds_bucket{le="+Inf"} 2',
        'app_wait_seconds_sum 0.3',
        'app_wait_seconds_count 2',
      ]),
      family('app_lag_seconds', 'summary', ['app_lag_seconds{quantile="0.5"} 0.1', 'app_lag_seconds_sum 1', 'app_lag_seconds_count 4']),
    ].join('\n');
    expect(lintExposition(`${text}\n`)).toEqual([]);
  });

  test('reports each rule promtool applies, naming the family', () => {
    const cases: [string, string][] = [
      [family('app_pool_total', 'gauge', ['app_pool_total 1']), 'app_pool_total: non-counter metrics should not have "_total" suffix'],
      [family('app_requests', 'counter', ['app_requests 1']), 'app_requests: counter metrics should have "_total" suffix'],
      [family('app_up', 'gauge', ['app_up 1'], ''), 'app_up: no help text'],
      [family('app_wait_milliseconds', 'gauge', ['app_wait_milliseconds 1']), 'app_wait_milliseconds: use base unit "seconds" instead of "milliseconds"'],
      [family('app_wait_ms', 'gauge', ['app_wait_ms 1']), 'app_wait_ms: metric names should not contain abbreviated units'],
      [family('app_queue_gauge', 'gauge', ['app_queue_gauge 1']), "app_queue_gauge: metric name should not include type 'gauge'"],
      [family('app_waitTime', 'gauge', ['app_waitTime 1']), "app_waitTime: metric names should be written in 'snake_case' not 'camelCase'"],
      [family('app_up', 'gauge', ['app_up{poolName="x"} 1']), "app_up: label names should be written in 'snake_case' not 'camelCase'"],
      [family('app:up', 'gauge', ['app:up 1']), "app:up: metric names should not contain ':'"],
      [family('app_up', 'gauge', ['app_up{le="1"} 1']), 'app_up: non-histogram metrics should not have "le" label'],
      [family('app_depth_count', 'gauge', ['app_depth_count 1']), 'app_depth_count: non-histogram and non-summary metrics should not have "_count" suffix'],
      [family('app_up', 'gauge', ['app_up{pool="a"} 1', 'app_up{pool="a"} 2']), 'app_up: metric not unique: app_up{pool="a"}'],
      [`${family('app_up', 'gauge', ['app_up 1'])}\n${family('app_up', 'gauge', [])}`, 'app_up: second HELP line for metric name'],
      [family('app_up', 'gauge', ['app_up{1pool="a"} 1']), 'line 3: invalid label name 1pool'],
      [family('app_up', 'gauge', ['app_up{pool="a",pool="b"} 1']), 'line 3: duplicate label names for app_up'],
      [family('app_up', 'gauge', ['app_up one']), 'line 3: invalid value in "app_up one"'],
    ];
    for (const [text, problem] of cases) expect(lintExposition(text), text).toContain(problem);
  });
});
