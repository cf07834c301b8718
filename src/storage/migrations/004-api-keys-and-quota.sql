-- API keys and monthly quota counters. A key is stored as an HMAC lookup hash (authentication) and its SHA-256
-- digest encrypted with the server secret (the webhook signing key); the key itself never rests anywhere.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  lookup_hash bytea NOT NULL UNIQUE,
  signing_key_enc bytea NOT NULL,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  request_count bigint NOT NULL DEFAULT 0,
  revoked_at timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id);
-- One row per account and calendar month (UTC): consumption is `UPDATE … SET used = used + 1 WHERE used < limit`
-- on this row, which PostgreSQL serialises per row, so concurrent scans never overdraw.
CREATE TABLE quota_usage (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  period date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period)
);
-- Scans per key and month, for the key listings.
CREATE TABLE key_usage (
  key_id text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  period date NOT NULL,
  scans integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, period)
);
