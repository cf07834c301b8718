-- Partner domain scans. A scan is created (status 'queued') in the transaction that consumes the account's quota
-- and enqueues its 'scan-domain' job; the worker moves it to 'processing' and, exactly once, to 'completed'
-- (with the result) or 'failed' (with a public error code and message). Scans are listed per API key.
CREATE TABLE scans (
  id text PRIMARY KEY CHECK (id ~ '^scan_[0-9a-f]{32}$'),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  domain text NOT NULL,
  webhook_url text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  -- Claims of the scan's job so far (diagnostics: more than one means a worker died or gave the job back).
  attempts integer NOT NULL DEFAULT 0,
  result jsonb,
  error_code text,
  error_message text,
  CHECK ((status = 'completed') = (result IS NOT NULL)),
  CHECK ((status = 'failed') = (error_code IS NOT NULL AND error_message IS NOT NULL)),
  CHECK ((status IN ('completed', 'failed')) = (finished_at IS NOT NULL))
);
-- The history listing: one key's scans, newest first, keyset-paginated on (created_at, id).
CREATE INDEX scans_key_history_idx ON scans (key_id, created_at DESC, id DESC);

-- Idempotency keys of scan creations, per API key. Inserted in the creating transaction before anything else,
-- so of concurrent requests with one key exactly one inserts and the others wait for it, then read its row.
-- `fingerprint` is the SHA-256 of the normalised request (domain, webhook URL): same key + other request = 409.
-- The scan row is inserted later in the same transaction, hence the deferred foreign key.
CREATE TABLE scan_idempotency_keys (
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  fingerprint bytea NOT NULL,
  scan_id text NOT NULL REFERENCES scans (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX scan_idempotency_keys_created_idx ON scan_idempotency_keys (created_at);

-- At most one running scan per target domain across all workers. A row is held by a scan's job; it is free once
-- that job no longer holds a live lease (its worker died) or when the scan finishes and deletes it.
CREATE TABLE scan_domain_locks (
  domain text PRIMARY KEY,
  scan_id text NOT NULL,
  job_id bigint NOT NULL
);
