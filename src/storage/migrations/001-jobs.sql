-- The durable job queue shared by every worker process. A job is claimed by taking a lease
-- (lease_owner, lease_until) with FOR UPDATE SKIP LOCKED; a worker that dies loses its lease when it expires
-- and the job runs again. Finished jobs are deleted; jobs out of attempts stay with status 'dead'.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'dead')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  lease_owner text,
  lease_until timestamptz,
  last_error text,
  -- At most one pending job per key: scheduled singletons (e.g. the daily purge) and per-entity jobs.
  unique_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready_idx ON jobs (run_at) WHERE status = 'ready';
