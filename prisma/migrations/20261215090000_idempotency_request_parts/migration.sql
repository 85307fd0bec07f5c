-- Issue 29 item 6 (docs/idempotency.md, rule I2): a key reused for another
-- request says which part differed. Each top-level argument path
-- (`input.summary`) is kept as a salted SHA-256 of its value, never the value,
-- since arguments may carry secrets. NULL: a row written before this column,
-- refused with the plain message.
ALTER TABLE idempotency_keys
  ADD COLUMN request_parts jsonb CHECK (jsonb_typeof(request_parts) = 'object');
