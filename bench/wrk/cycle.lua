-- wrk script: every connection walks the same list of request paths (one per line in
-- $BENCH_PATHS), each thread starting at its own offset, so the load is a realistic mix of
-- inputs rather than one cached request. Signed in with $BENCH_TOKEN. At the end it prints one
-- line "BENCH_RESULT {json}" with the latency percentiles in microseconds
-- and the count of answers with a status of 400 or more.

local paths = {}
local token = os.getenv("BENCH_TOKEN") or ""
local file = os.getenv("BENCH_PATHS")

local function load_paths()
  local list = {}
  for line in io.lines(file) do
    if line ~= "" then list[#list + 1] = line end
  end
  return list
end

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter)
end

function init(args)
  paths = load_paths()
  -- Spread the threads over the list: offset is set by setup().
  index = ((offset or 1) * 7919) % #paths
  wrk.headers["Authorization"] = "Bearer " .. token
  wrk.headers["Accept"] = "application/json"
end

function request()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"durationUs":%d,"p50":%d,"p90":%d,"p95":%d,"p99":%d,"max":%d,"mean":%.1f,' ..
    '"errorStatus":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99),
    latency.max, latency.mean, e.status, e.connect, e.read, e.write, e.timeout))
end
