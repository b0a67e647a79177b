-- Live screens: the pending approval requests list (four eyes) is one more topic, 'approvals'.
-- Any change to a request (asked, approved, rejected, cancelled, expired) notifies at commit.
DROP TRIGGER IF EXISTS approval_requests_live ON approval_requests;
--> statement-breakpoint
CREATE TRIGGER approval_requests_live AFTER INSERT OR UPDATE OR DELETE ON approval_requests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_live_topic('approvals');
