-- wrk script: POST /v1/challenges with an empty JSON object (issues from the pool).
wrk.method = "POST"
wrk.body = "{}"
wrk.headers["Content-Type"] = "application/json"
