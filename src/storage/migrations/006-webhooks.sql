-- Webhook events of scans and their deliveries. The event (`scan.completed` / `scan.failed`) is inserted by
-- finishScan in the transaction that finishes the scan, with its body bytes fixed for good: every attempt and
-- every manual replay sends (and signs) exactly these bytes. One event per scan.
CREATE TABLE webhook_events (
  id text PRIMARY KEY CHECK (id ~ '^evt_[0-9a-f]{32}$'),
  scan_id text NOT NULL UNIQUE REFERENCES scans (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('scan.completed', 'scan.failed')),
  url text NOT NULL,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL,
  -- The summary the scan detail shows; kept here because old delivery rows are pruned.
  attempt_count integer NOT NULL DEFAULT 0,
  attempted_at timestamptz,
  delivered_at timestamptz,
  last_status_code integer,
  last_error text
);

-- One row per delivery attempt: automatic ones (number 1 = the first, 2–5 = the retries; each pending row has its
-- own deliver-webhook job) and manual ones (POST …/webhook, inserted with their outcome). Only the ten most
-- recent rows of an event are kept (pending rows never pruned); `seq` orders them.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY CHECK (id ~ '^dlv_[0-9a-f]{24}$'),
  seq bigserial NOT NULL UNIQUE,
  event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('automatic', 'manual')),
  attempt_number integer CHECK ((kind = 'automatic') = (attempt_number IS NOT NULL)),
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempted_at timestamptz,
  status_code integer,
  error text,
  -- Pending: when the attempt is due. Failed: when the retry it scheduled is due (null when none follows).
  next_attempt_at timestamptz,
  CHECK ((status = 'pending') = (attempted_at IS NULL))
);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id, seq DESC);
