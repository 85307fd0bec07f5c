-- The draw re-reads the agent under the balance lock (rule A6, step 3). It
-- checked only that the agent was still live; a key rotated while the draw
-- waited for the lock still drew with the old key. It now checks the key too.
-- The function is otherwise unchanged from 20261207090000_draw_in_one_call.

CREATE OR REPLACE FUNCTION draw_authority(p_key_hash text, p_authority text, p_dispatch_key text, p_tokens bigint, p_minor_units bigint)
RETURNS TABLE (
  verdict text,
  tenant_id uuid,
  owner_id uuid,
  agent_id uuid,
  revoke_reason text,
  currency text,
  per_draw_tokens bigint,
  per_draw_minor_units bigint,
  tokens bigint,
  minor_units bigint,
  remaining_tokens bigint,
  remaining_minor_units bigint,
  remaining_draws bigint,
  ordinal bigint,
  drawn_at timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_tenant uuid;
  v_owner uuid;
  v_agent uuid;
  v_not_before timestamptz;
  v_not_after timestamptz;
  v_drawn_tokens bigint;
  v_drawn_minor_units bigint;
  v_draws bigint;
  v_revoked boolean;
  v_now timestamptz;
  v_decision text;
BEGIN
  -- The bearer key: a live agent whose key hashes to this (a revoked agent's or a replaced key opens nothing).
  SELECT g.tenant_id, g.owner_id, g.id INTO v_tenant, v_owner, v_agent FROM agents g WHERE g.key_hash = p_key_hash AND g.revoked_at IS NULL;
  IF NOT FOUND THEN
    verdict := 'unauthenticated';
    RETURN NEXT;
    RETURN;
  END IF;
  tenant_id := v_tenant;
  owner_id := v_owner;
  agent_id := v_agent;

  -- 1. A receipt under the dispatch key: a retry ends here, whatever happened since (rule A7).
  --    Only the agent's own authority's receipts answer it (rule A12).
  --    (Returned straight from the table: a SELECT INTO that finds nothing would null its targets.)
  RETURN QUERY
  SELECT 'prior'::text, v_tenant, v_owner, v_agent, NULL::text, NULL::text, NULL::bigint, NULL::bigint,
         r.tokens, r.minor_units, r.remaining_tokens, r.remaining_minor_units, r.remaining_draws, r.ordinal, r.drawn_at
    FROM authority_receipts r JOIN authorities a ON a.tenant_id = r.tenant_id AND a.owner_id = r.owner_id AND a.id = r.authority_id
   WHERE r.tenant_id = v_tenant AND r.owner_id = v_owner AND r.authority_id = p_authority AND r.dispatch_key = p_dispatch_key AND a.agent_id = v_agent;
  IF FOUND THEN
    RETURN;
  END IF;

  -- 2. Lock the balance row, reading the terms and the clock.
  SELECT a.currency, a.per_draw_tokens, a.per_draw_minor_units, a.not_before, a.not_after,
         b.drawn_tokens, b.drawn_minor_units, b.draws, b.remaining_tokens, b.remaining_minor_units, b.remaining_draws, b.revoked, b.revoke_reason, now()
    INTO currency, per_draw_tokens, per_draw_minor_units, v_not_before, v_not_after,
         v_drawn_tokens, v_drawn_minor_units, v_draws, remaining_tokens, remaining_minor_units, remaining_draws, v_revoked, revoke_reason, v_now
    FROM authorities a JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
   WHERE a.tenant_id = v_tenant AND a.owner_id = v_owner AND a.id = p_authority AND a.agent_id = v_agent
     FOR UPDATE OF b;
  IF NOT FOUND THEN
    verdict := 'not-found';
    RETURN NEXT;
    RETURN;
  END IF;
  -- The agent still live and the key still its own, read after the lock was granted: this
  -- statement takes a fresh snapshot, so a revocation or a key rotation that committed while
  -- the draw waited is seen. One that commits later waits for this draw: both lock the agent's
  -- balance rows before they commit (holdAgentDraws in apps/api/src/authorities/store.ts).
  PERFORM 1 FROM agents g WHERE g.tenant_id = v_tenant AND g.id = v_agent AND g.key_hash = p_key_hash AND g.revoked_at IS NULL;
  IF NOT FOUND THEN
    verdict := 'not-found';
    RETURN NEXT;
    RETURN;
  END IF;

  -- 3. The receipt again, under the lock: a racing twin may have landed meanwhile.
  RETURN QUERY
  SELECT 'prior'::text, v_tenant, v_owner, v_agent, NULL::text, NULL::text, NULL::bigint, NULL::bigint,
         r.tokens, r.minor_units, r.remaining_tokens, r.remaining_minor_units, r.remaining_draws, r.ordinal, r.drawn_at
    FROM authority_receipts r
   WHERE r.tenant_id = v_tenant AND r.owner_id = v_owner AND r.authority_id = p_authority AND r.dispatch_key = p_dispatch_key;
  IF FOUND THEN
    RETURN;
  END IF;

  -- 4. Decide: money needs a currency, then the rule (decideDraw).
  IF p_minor_units > 0 AND currency IS NULL THEN
    verdict := 'no-currency';
    RETURN NEXT;
    RETURN;
  END IF;
  v_decision := decide_draw(v_revoked, v_not_before, v_not_after, v_now, per_draw_tokens, per_draw_minor_units,
                            remaining_tokens, remaining_minor_units, remaining_draws, v_drawn_tokens, v_drawn_minor_units, v_draws,
                            p_tokens, p_minor_units);
  IF v_decision <> 'allowed' THEN
    verdict := v_decision;
    RETURN NEXT;
    RETURN;
  END IF;

  -- 5. Move the balance, announce a ceiling crossed, write the receipt. The live announcement
  --    (AUTHORITY_CHANGED) is sent by the statement that calls this function, through notifySql
  --    (docs/events.md, rule E3), so pg_notify stays written in one place.
  UPDATE authority_balances b
     SET drawn_tokens = b.drawn_tokens + p_tokens, drawn_minor_units = b.drawn_minor_units + p_minor_units, draws = b.draws + 1,
         remaining_tokens = b.remaining_tokens - p_tokens, remaining_minor_units = b.remaining_minor_units - p_minor_units,
         remaining_draws = b.remaining_draws - 1
   WHERE b.tenant_id = v_tenant AND b.owner_id = v_owner AND b.authority_id = p_authority
  RETURNING b.remaining_tokens, b.remaining_minor_units, b.remaining_draws, b.draws, b.drawn_tokens, b.drawn_minor_units
       INTO remaining_tokens, remaining_minor_units, remaining_draws, v_draws, v_drawn_tokens, v_drawn_minor_units;

  -- A draw that carries a ceiling past 80 % (AUTHORITY_LOW) or to nothing left (AUTHORITY_EXHAUSTED)
  -- announces it here; the event id is derived from the owner's authority, the kind and the ceiling,
  -- so it is written once however the draws fall (docs/notifications.md, N1).
  -- Tried only when some ceiling drawn on is at 80 % or past (drawn >= 4 × remaining), which most draws are not.
  IF (remaining_tokens IS NOT NULL AND p_tokens > 0 AND remaining_tokens * 4 <= v_drawn_tokens)
     OR (remaining_minor_units IS NOT NULL AND p_minor_units > 0 AND remaining_minor_units * 4 <= v_drawn_minor_units)
     OR (remaining_draws IS NOT NULL AND remaining_draws * 4 <= v_draws) THEN
    INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
    SELECT gen_random_uuid(), v_tenant, 'event', v_owner::text,
           json_build_object('type', c.kind, 'ownerId', v_owner, 'authorityId', p_authority, 'agentId', v_agent, 'dimension', d.dim)::text,
           now() + interval '7 days', md5(v_tenant::text || '/' || v_owner::text || '/' || p_authority || '/' || c.kind || '/' || d.dim)::uuid, c.kind, clock_timestamp()
      FROM (VALUES ('tokens', v_drawn_tokens, remaining_tokens, p_tokens),
                   ('minorUnits', v_drawn_minor_units, remaining_minor_units, p_minor_units),
                   ('draws', v_draws, remaining_draws, 1::bigint)) AS d (dim, drawn, remaining, amount),
           LATERAL (VALUES ('AUTHORITY_LOW', (d.drawn - d.amount) * 5 < (d.drawn + d.remaining) * 4 AND d.drawn * 5 >= (d.drawn + d.remaining) * 4),
                           ('AUTHORITY_EXHAUSTED', d.remaining = 0)) AS c (kind, hit)
     WHERE d.remaining IS NOT NULL AND d.amount > 0 AND c.hit
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO authority_receipts AS r (tenant_id, owner_id, authority_id, dispatch_key, tokens, minor_units, remaining_tokens, remaining_minor_units, remaining_draws, ordinal)
  VALUES (v_tenant, v_owner, p_authority, p_dispatch_key, p_tokens, p_minor_units, remaining_tokens, remaining_minor_units, remaining_draws, v_draws)
  RETURNING r.tokens, r.minor_units, r.ordinal, r.drawn_at INTO tokens, minor_units, ordinal, drawn_at;

  verdict := 'drawn';
  RETURN NEXT;
END;
$$;
