/**
 * The checks `promtool check metrics` makes of a Prometheus text exposition
 * (its parser's refusals, then client_golang's promlint rules), for the tests:
 * Debian's `prometheus` package is not installed where the tests run. Returns
 * one `name: problem` line per problem found, none for a clean exposition.
 */

interface Family {
  name: string;
  type: string | undefined;
  help: string | undefined;
  samples: { name: string; labels: [string, string][] }[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const CAMEL_CASE = /[a-z][A-Z]/;

/** Base units, and the units promlint asks to be given in one of them. */
const UNITS: Record<string, string> = {
  ...Object.fromEntries(['amperes', 'bytes', 'celsius', 'grams', 'joules', 'kelvin', 'meters', 'metres', 'seconds', 'volts'].map((unit) => [unit, unit])),
  ...{ minutes: 'seconds', hours: 'seconds', days: 'seconds', weeks: 'seconds', kelvins: 'kelvin', fahrenheit: 'celsius', rankine: 'celsius' },
  ...{ inches: 'meters', yards: 'meters', miles: 'meters', bits: 'bytes', calories: 'joules', pounds: 'grams', ounces: 'grams' },
};
const PREFIXES = [
  'pico',
  'nano',
  'micro',
  'milli',
  'centi',
  'deci',
  'deca',
  'hecto',
  'kilo',
  'kibi',
  'mega',
  'mibi',
  'giga',
  'gibi',
  'tera',
  'tebi',
  'peta',
  'pebi',
];
const ABBREVIATIONS = ['s', 'ms', 'us', 'ns', 'sec', 'b', 'kb', 'mb', 'gb', 'tb', 'pb', 'm', 'h', 'd'];

/** Every problem `promtool check metrics` would report for `text`. */
export function lintExposition(text: string): string[] {
  const { families, problems } = parseExposition(text);
  for (const family of families) problems.push(...lintFamily(family).map((problem) => `${family.name}: ${problem}`));
  return problems;
}

/** Splits the exposition into families as Prometheus's text parser does, with the refusals it would make. */
export function parseExposition(text: string): { families: Family[]; problems: string[] } {
  const families = new Map<string, Family>();
  const problems: string[] = [];
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, type: undefined, help: undefined, samples: [] }));
    return found;
  };
  let last: Family | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    const at = `line ${index + 1}`;
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s+(.*))?$/.exec(line);
    if (meta) {
      const [, keyword, name, rest = ''] = meta;
      if (!METRIC_NAME.test(name!)) problems.push(`${at}: invalid metric name ${name}`);
      const target = family(name!);
      if (keyword === 'HELP') {
        if (target.help !== undefined) problems.push(`${name}: second HELP line for metric name`);
        target.help = rest;
      } else {
        if (target.type !== undefined || target.samples.length > 0) problems.push(`${name}: second TYPE line for metric name, or TYPE reported after samples`);
        if (!TYPES.has(rest)) problems.push(`${name}: unknown metric type ${rest}`);
        target.type = rest;
      }
      if (last && last !== target && target.samples.length > 0) problems.push(`${name}: metric family is not contiguous`);
      last = target;
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = parseSample(line);
    if (typeof sample === 'string') {
      problems.push(`${at}: ${sample}`);
      continue;
    }
    const owner = familyOf(sample.name, families);
    const target = family(owner);
    if (last && last !== target && target.samples.length > 0) problems.push(`${owner}: metric family is not contiguous`);
    last = target;
    target.samples.push(sample);
  }
  return { families: [...families.values()], problems };
}

/** The family a sample belongs to: a histogram's or summary's `_bucket`, `_count`, `_sum` series are its own. */
function familyOf(sample: string, families: Map<string, Family>): string {
  for (const suffix of ['_bucket', '_count', '_sum']) {
    if (!sample.endsWith(suffix)) continue;
    const base = families.get(sample.slice(0, -suffix.length));
    if (base?.type === 'histogram' || (base?.type === 'summary' && suffix !== '_bucket')) return base.name;
  }
  return sample;
}

/** One sample line: name, labels and value (a timestamp may follow), or what is wrong with it. */
function parseSample(line: string): { name: string; labels: [string, string][] } | string {
  const head = /^([^\s{]+)(\{)?/.exec(line);
  if (!head || !METRIC_NAME.test(head[1]!)) return `invalid metric name in ${JSON.stringify(line)}`;
  const labels: [string, string][] = [];
  let rest = line.slice(head[0].length);
  if (head[2]) {
    const pair = /^\s*([^=\s,}]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,)?/;
    for (let match = pair.exec(rest); match; match = pair.exec(rest)) {
      const [whole, name, value] = match;
      if (!LABEL_NAME.test(name!) || name === '__name__') return `invalid label name ${name}`;
      if (/\\[^\\n"]/.test(value!)) return `invalid escape in the value of ${name}`;
      if (labels.some(([seen]) => seen === name)) return `duplicate label names for ${head[1]}`;
      labels.push([name!, value!]);
      rest = rest.slice(whole.length);
      if (!match[3]) break;
    }
    if (!rest.startsWith('}')) return `unterminated or malformed labels in ${JSON.stringify(line)}`;
    rest = rest.slice(1);
  }
  const [value, timestamp, extra] = rest.trim().split(/\s+/);
  // Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`).
  if (value === undefined || !/^([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]?inf(inity)?|nan)$/i.test(value)) return `invalid value in ${JSON.stringify(line)}`;
  if ((timestamp !== undefined && !/^-?\d+$/.test(timestamp)) || extra !== undefined) return `invalid timestamp in ${JSON.stringify(line)}`;
  return { name: head[1]!, labels };
}

/** client_golang's promlint rules, which `promtool check metrics` applies to each family. */
function lintFamily(family: Family): string[] {
  const problems: string[] = [];
  const { name, type = 'untyped' } = family;
  const lower = name.toLowerCase();
  const hasPart = (part: string) => lower.includes(`_${part}_`) || lower.endsWith(`_${part}`);
  if (family.help === undefined) problems.push('no help text');
  const parts = name.split('_');
  for (const [unit, base] of Object.entries(UNITS)) {
    const found = ['', ...PREFIXES].map((prefix) => prefix + unit).find((word) => parts.includes(word));
    if (found && found !== base) problems.push(`use base unit "${base}" instead of "${found}"`);
  }
  if (type === 'counter' && !name.endsWith('_total')) problems.push('counter metrics should have "_total" suffix');
  if (type !== 'counter' && type !== 'untyped' && name.endsWith('_total')) problems.push('non-counter metrics should not have "_total" suffix');
  if (type !== 'gauge' && type !== 'untyped' && name.endsWith('_timestamp_seconds'))
    problems.push('non-gauge metrics should not have "_timestamp_seconds" suffix');
  if (type !== 'untyped') problems.push(...reservedSuffixes(family, type));
  for (const typeName of ['counter', 'gauge', 'histogram', 'summary', 'gauge_histogram'])
    if (hasPart(typeName)) problems.push(`metric name should not include type '${typeName}'`);
  if (name.includes(':')) problems.push("metric names should not contain ':'");
  if (CAMEL_CASE.test(name)) problems.push("metric names should be written in 'snake_case' not 'camelCase'");
  if (family.samples.some((sample) => sample.labels.some(([label]) => CAMEL_CASE.test(label))))
    problems.push("label names should be written in 'snake_case' not 'camelCase'");
  for (const abbreviation of ABBREVIATIONS) if (hasPart(abbreviation)) problems.push('metric names should not contain abbreviated units');
  const series = family.samples.map(
    (sample) =>
      `${sample.name}{${[...sample.labels]
        .sort()
        .map(([k, v]) => `${k}="${v}"`)
        .join(',')}}`,
  );
  for (const duplicate of new Set(series.filter((key, index) => series.indexOf(key) !== index))) problems.push(`metric not unique: ${duplicate}`);
  return problems;
}

/** Names and labels only histograms and summaries may use. */
function reservedSuffixes({ name, samples }: Family, type: string): string[] {
  const problems: string[] = [];
  const histogram = type === 'histogram';
  const summary = type === 'summary';
  if (!histogram && name.endsWith('_bucket')) problems.push('non-histogram metrics should not have "_bucket" suffix');
  if (!histogram && !summary && name.endsWith('_count')) problems.push('non-histogram and non-summary metrics should not have "_count" suffix');
  if (!histogram && !summary && name.endsWith('_sum')) problems.push('non-histogram and non-summary metrics should not have "_sum" suffix');
  const labels = new Set(samples.flatMap((sample) => sample.labels.map(([label]) => label)));
  if (!histogram && labels.has('le')) problems.push('non-histogram metrics should not have "le" label');
  if (!summary && labels.has('quantile')) problems.push('non-summary metrics should not have "quantile" label');
  return problems;
}
