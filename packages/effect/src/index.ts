/**
 * `@countersign/effect`: what approving a request would do, in words. The
 * console shows it and the server's notifications lead with it, so an owner
 * reads one wording of one effect on every channel (issue 26, item 5).
 */
export { describeEffect } from './describe-effect.js';
export type { Effect, EffectContext, EffectSubject } from './effect.js';
export { formatCount, UI_LOCALE } from './locale.js';
export {
  currencyDisplayOf,
  currencyExponent,
  findMoney,
  formatMoney,
  isMoney,
  largestMoney,
  parseMoneyAmount,
  type CurrencyDisplay,
  type Money,
  type ParsedAmount,
} from './money.js';
export { orderedSchemaFields, type DefinedPresentation } from './defined-effect.js';
export { formatHours, plural } from './duration.js';
export { agentSays, agentText, askerLine, riskInWords, type RiskLevel } from './notice-words.js';
export { isJsonObject, schemaFields, type JsonObject, type SchemaField } from './schema-fields.js';
