-- The only durable trace of public analyses: daily counters by file type, score bucket and highest severity.
-- No content, no file names, no client identifiers.
CREATE TABLE analysis_daily_counters (
  day date NOT NULL,
  file_type text NOT NULL,
  score_bucket smallint NOT NULL CHECK (score_bucket BETWEEN 0 AND 100),
  severity text NOT NULL,
  analyses bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, file_type, score_bucket, severity)
);

-- Technical security logs: who called which route with what outcome. Kept at most 14 days (purge task).
CREATE TABLE security_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  client_ip text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  status smallint NOT NULL,
  request_id text NOT NULL,
  user_agent text
);
CREATE INDEX security_log_at_idx ON security_log (at);
