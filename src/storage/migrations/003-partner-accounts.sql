-- Partner accounts and their developer-area sessions. An account starts 'pending' until an operator approves
-- it; its plan fixes the monthly scan quota (src/storage/accounts.ts), 'enterprise' takes custom_quota.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- Argon2id PHC string; NULL for accounts an operator created, which cannot sign in to the web.
  password_hash text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'suspended')),
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'starter', 'pro', 'enterprise')),
  custom_quota integer CHECK (custom_quota >= 0),
  is_operator boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  approved_at timestamptz,
  CHECK ((plan = 'enterprise') = (custom_quota IS NOT NULL))
);
-- Sessions are stored by the SHA-256 of their token: the cookie value never rests in the database.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account_idx ON sessions (account_id);
-- Failed sign-ins per (e-mail, client address), stored as a hash of the pair: throttling needs no raw data.
CREATE TABLE login_failures (
  subject bytea PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);
