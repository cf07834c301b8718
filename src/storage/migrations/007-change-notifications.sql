-- Every statement that changes what the partner API reads announces the table on channel `confgate_changes`
-- (at commit). The embedded store's process caches those reads and drops what depends on the table when the
-- announcement comes: PGlite delivers it before the changing statement returns, and every writer (API, worker,
-- the admin CLI through the admin socket) is that one process, so no read ever sees a stale entry. PostgreSQL
-- serves other processes, whose announcements arrive asynchronously: there the reads are not cached, and nobody
-- listens (a statement-level NOTIFY per write statement costs little).
-- One line: the migrator splits statements at a `;` that ends a line.
CREATE FUNCTION confgate_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('confgate_changes', TG_TABLE_NAME); RETURN NULL; END $$;

CREATE TRIGGER accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER quota_usage_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quota_usage FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER key_usage_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON key_usage FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER scans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON scans FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER webhook_events_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON webhook_events FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
CREATE TRIGGER webhook_deliveries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON webhook_deliveries FOR EACH STATEMENT EXECUTE FUNCTION confgate_announce_change();
