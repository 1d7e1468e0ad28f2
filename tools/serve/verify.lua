-- wrk script: POST /v1/challenges/ID/verify for pre-issued ids, one id per request.
-- Arguments (after --): the file of ids (one per line), the number of wrk threads, and optionally
-- the request body (default {"x": 100}). Thread i uses
-- ids i, i+T, i+2T… so no id is verified twice while the list lasts; once it wraps around, the
-- repeats are answered 409 and wrk counts them as non-2xx responses.
local next_index = 0

function setup(thread)
  thread:set("first", next_index)
  next_index = next_index + 1
end

function init(args)
  ids = {}
  for line in io.lines(args[1]) do ids[#ids + 1] = line end
  stride = tonumber(args[2])
  body = args[3] or '{"x": 100}'
  position = first - stride
end

function request()
  position = position + stride
  local id = ids[(position % #ids) + 1]
  return wrk.format("POST", "/v1/challenges/" .. id .. "/verify",
    { ["Content-Type"] = "application/json" }, body)
end
