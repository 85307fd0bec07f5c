-- Every attempt from one client (and at one address) updates the same row,
-- so the row lock is held through each commit: logged, a burst queues on one
-- fsync after another (200 racing guesses took seconds). Unlogged, a commit
-- needs no flush. The price is accepted: after a crash or a failover to a
-- standby the counters start again from zero, as if the windows had ended.
ALTER TABLE sign_in_attempts SET UNLOGGED;
