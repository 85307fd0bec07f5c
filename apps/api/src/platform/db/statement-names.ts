import type { PrismaPg } from '@prisma/adapter-pg';

/** The adapter's option (its type is not exported by name). */
type StatementNameGenerator = NonNullable<NonNullable<ConstructorParameters<typeof PrismaPg>[1]>['statementNameGenerator']>;

/** How many distinct Prisma statements each connection keeps prepared; beyond it, statements are parsed each time. */
export const PREPARED_STATEMENT_LIMIT = 256;

/**
 * Names for the statements Prisma's query compiler emits, so that pg prepares
 * each once per connection and later reads skip the parse (and, after a few
 * runs, the planning) that an unnamed statement pays on every call. Prisma's
 * statements are few and fixed in shape (a page, a detail read, a count), so
 * the set stays small; the limit bounds it anyway, because pg keeps every
 * named statement for the life of the connection and a query whose text
 * varies with its input (an `IN` list of varying length) would otherwise grow
 * it without end. Past the limit the name is empty: an unnamed statement, as
 * without a generator.
 *
 * One name per text across all connections: pg refuses a name it has seen
 * with a different text, so names are handed out, never hashed. Prisma names
 * every column it selects, so a migration that adds a column leaves a prepared
 * statement valid; one that changed a selected column's type would make it
 * fail on every connection opened before (PostgreSQL: the cached plan must
 * not change result type) until that connection closed, which is one reason
 * `pnpm lint:migrations` refuses a type changed in place.
 */
export function preparedStatementNames(limit = PREPARED_STATEMENT_LIMIT): StatementNameGenerator {
  const names = new Map<string, string>();
  return (query) => {
    const known = names.get(query.sql);
    if (known !== undefined) return known;
    if (names.size >= limit) return '';
    const name = `prisma_${names.size + 1}`;
    names.set(query.sql, name);
    return name;
  };
}
