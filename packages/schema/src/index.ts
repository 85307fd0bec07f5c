import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('./', import.meta.url);

/**
 * The whole SDL, one string: every `.graphql` file of this package, base first
 * (it declares the root types the others extend).
 */
export const typeDefs: string = readdirSync(folder)
  .filter((file) => file.endsWith('.graphql'))
  .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)))
  .map((file) => readFileSync(new URL(file, folder), 'utf8'))
  .join('\n');
