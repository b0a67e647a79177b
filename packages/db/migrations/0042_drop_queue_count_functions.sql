-- The queue counters of migration 0007 (queue_counts_bump and the two trigger functions that
-- called it) have had no trigger since migration 0013 moved the counts to the queue lists'
-- anchors: nothing calls them.
DROP FUNCTION IF EXISTS queue_items_count();
DROP FUNCTION IF EXISTS withdrawal_requests_count();
DROP FUNCTION IF EXISTS queue_counts_bump(text, text, bigint);
