-- wrk script of bench.events_ingest, bench.events_batch and bench.entitlements.
--
-- Arguments (after "--"): <active seconds> <mode> ...
--   "event" <key prefix>: POST /v1/events, one event, a new idempotencyKey every request and
--                   one of 1,000 customers in turn
--   "batch" <key prefix> <events per batch> <bodies>: POST /v1/events/batch with new keys;
--                   <bodies> bodies are built before the run (more on the fly if needed)
--   "check" <customers> <feature slug> [<rate>]: GET /v1/entitlements/<customer>/feature/<slug>
--                   for a random one of the seeded customers (cust_ + its number in 22 digits);
--                   an answer counts as ok only when it says "entitled":true. With a rate
--                   (requests a second, all connections together) requests start on a fixed
--                   schedule instead of as fast as answers come back: latency at that load.
--   "healthz":      GET the URL as it is (the baseline), through the same script machinery
--
-- After <active seconds> no new request is sent (delay() answers an hour), so when wrk stops
-- every request it sent has been answered: the server's stored count can be compared exactly
-- with the 2xx count. done() prints one "BENCH key=value ..." line that the Python side reads.

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock_id, bench_timespec *tp);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) / 1e9
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local function event(n)
  return string.format(
    '{"idempotencyKey":"%s-%d","eventName":"api_call","customerId":"cust_bench_%d",'
      .. '"eventValue":1}',
    prefix, n, n % 1000)
end

local function batch_body()
  local parts = {}
  for i = 1, batch_size do
    parts[i] = event(keys_used + i)
  end
  keys_used = keys_used + batch_size
  return '{"events":[' .. table.concat(parts, ",") .. "]}"
end

function init(args)
  active, mode, prefix = tonumber(args[1]), args[2], args[3]
  batch_size = tonumber(args[4] or "1")
  customers, slug = tonumber(args[3] or "1"), args[4]
  rate = mode == "check" and tonumber(args[5] or "0") or 0
  next_slot = 0
  math.randomseed(os.time())
  -- wrk calls request() once before the run to check the script: that one is never sent
  sent, ok, failed, keys_used = -1, 0, 0, 0
  first_at, last_at = 0, 0
  if mode == "event" or mode == "batch" then
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
  bodies, next_body = {}, 1
  if mode == "batch" then
    for i = 1, tonumber(args[5] or "0") do
      bodies[i] = batch_body()
    end
  end
end

function delay()
  local t = now()
  if first_at == 0 then
    first_at = t
  end
  if t - first_at >= active then
    return 3600000
  end
  if rate > 0 then -- the next free slot of the schedule, at least now
    local slot = math.max(next_slot, t)
    next_slot = slot + 1 / rate
    return (slot - t) * 1000
  end
  return 0
end

function request()
  sent = sent + 1
  if mode == "event" then
    keys_used = keys_used + 1
    return wrk.format(nil, nil, nil, event(keys_used))
  elseif mode == "batch" then
    local body = bodies[next_body]
    if body then
      bodies[next_body], next_body = nil, next_body + 1
    else
      body = batch_body()
    end
    return wrk.format(nil, nil, nil, body)
  elseif mode == "check" then
    local customer = string.format("cust_%022d", math.random(0, customers - 1))
    return wrk.format(nil, "/v1/entitlements/" .. customer .. "/feature/" .. slug)
  end
  return wrk.format()
end

function response(status, headers, body)
  last_at = now()
  local entitled = mode ~= "check" or string.find(body or "", '"entitled":true', 1, true)
  if status >= 200 and status < 300 and entitled then
    ok = ok + 1
  else
    failed = failed + 1
    if failed <= 3 then
      io.stderr:write("unexpected " .. status .. ": " .. string.sub(body or "", 1, 300) .. "\n")
    end
  end
end

function done(summary, latency, requests)
  local totals = { sent = 0, ok = 0, failed = 0 }
  local first, last = math.huge, 0
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + thread:get(name)
    end
    first = math.min(first, thread:get("first_at"))
    last = math.max(last, thread:get("last_at"))
  end
  local errors = summary.errors
  io.write(string.format(
    "BENCH sent=%d ok=%d failed=%d window=%.6f p50_ms=%.3f p99_ms=%.3f"
      .. " max_ms=%.3f socket_errors=%d\n",
    totals.sent, totals.ok, totals.failed, last - first,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    errors.connect + errors.read + errors.write + errors.timeout))
end
