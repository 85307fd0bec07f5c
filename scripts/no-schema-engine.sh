#!/bin/sh
# Prisma's CLI insists on a native schema engine before `generate`, and would
# download one. Generating the client needs no engine, and this project applies
# its SQL migrations with its own runner (apps/api/src/platform/db/migrate.ts), so any
# real call into the engine is a mistake: say so and fail loudly, never pretend.
echo "countersign: Prisma's schema engine is not installed; migrations run with 'pnpm db:migrate'." >&2
exit 1
