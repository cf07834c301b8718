-- wrk script of the http suite (bench/wrk.ts): POSTs the JSON body in the file WRK_BODY, and prints the run's
-- figures as one JSON line at the end, so nothing depends on wrk's human-readable report.
local f = assert(io.open(os.getenv("WRK_BODY"), "rb"))
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = f:read("*a")
f:close()

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"non2xx":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
