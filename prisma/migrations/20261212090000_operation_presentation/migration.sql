-- Issue 26, item 3: an owner says how a defined operation's requests read —
-- an effect template ("Pay {vendor} {amount}", each place a top-level
-- property of the input schema) and the order of its fields (empty: the
-- schema's own order). Both are part of the version's content (O3): stored
-- with it and never changed (the operations_immutable trigger); every
-- version defined before has neither.
ALTER TABLE operations
  ADD COLUMN effect_template text,
  ADD COLUMN field_order text[] NOT NULL DEFAULT '{}';

ALTER TABLE operations
  ADD CONSTRAINT operations_effect_template_length CHECK (char_length(effect_template) BETWEEN 1 AND 200),
  ADD CONSTRAINT operations_field_order_length CHECK (cardinality(field_order) <= 100);
