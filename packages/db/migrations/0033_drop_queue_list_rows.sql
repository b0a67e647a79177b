-- Since migration 0032 the queue lists' anchor refresh reads its rows through the one
-- anchored_list_refresh (with queue_list_table and queue_list_filter): nothing calls
-- queue_list_rows (migration 0013) any more.
DROP FUNCTION IF EXISTS queue_list_rows(text, timestamptz, uuid);
