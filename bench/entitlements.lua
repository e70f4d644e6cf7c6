-- wrk script of bench.entitlements.
--
-- Arguments (after "--"): <active seconds> <mode> <customers> <feature slug>
--   mode "check":   GET /v1/entitlements/<random customer>/feature/<slug>; customer ids are
--                   cust_ followed by the customer's number padded to 22 digits (the seed's ids)
--   mode "healthz": GET the URL as it is (the baseline)
-- After <active seconds> no new request is sent, so every request sent was answered when wrk
-- stops. done() prints one "BENCH key=value ..." line that the Python side reads.

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock_id, bench_timespec *tp);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock)
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) / 1e9
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  active, mode = tonumber(args[1]), args[2]
  customers, slug = tonumber(args[3] or "1"), args[4] or ""
  sent, ok, failed = -1, 0, 0
  first_at, last_at = 0, 0
  math.randomseed(os.time())
end

function delay()
  local t = now()
  if first_at == 0 then
    first_at = t
  end
  if t - first_at >= active then
    return 3600000
  end
  return 0
end

function request()
  sent = sent + 1
  if mode == "check" then
    local customer = string.format("cust_%022d", math.random(0, customers - 1))
    return wrk.format(nil, "/v1/entitlements/" .. customer .. "/feature/" .. slug)
  end
  return wrk.format()
end

function response(status, headers, body)
  last_at = now()
  if status >= 200 and status < 300 and (mode ~= "check" or body:find('"entitled":true', 1, true)) then
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
