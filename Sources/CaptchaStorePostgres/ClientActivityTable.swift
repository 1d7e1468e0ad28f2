import CaptchaService
import PostgresNIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The SQL of the `captcha_client_activity` table (`ClientActivityStore` on PostgreSQL). One row
/// per client (`client PREFIX`) and per site (`site NAME`); scores are stored with the time they
/// were last brought up to date and decayed in the UPDATE itself, so that concurrent upserts from
/// any number of instances each apply to the row as the previous one left it (PostgreSQL locks the
/// row for `INSERT … ON CONFLICT DO UPDATE`). Times are seconds since 1970 as the instances' clocks
/// give them.
enum ClientActivityTable {
  static let createStatements: [PostgresQuery] = [
    """
    CREATE TABLE IF NOT EXISTS captcha_client_activity (
      key text PRIMARY KEY,
      requests double precision NOT NULL,
      failures double precision NOT NULL,
      updated double precision NOT NULL,
      window_start double precision NOT NULL,
      window_count integer NOT NULL,
      admitted boolean NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS captcha_client_activity_updated ON captcha_client_activity (updated)",
    // The pass score; added to tables of earlier versions.
    """
    ALTER TABLE captcha_client_activity
      ADD COLUMN IF NOT EXISTS passes double precision NOT NULL DEFAULT 0
    """,
  ]

  /// Counts a request of `weight` in the client row: the decayed request score grows by the weight;
  /// the one-minute window (restarted when a minute old) counts it only if that keeps it within
  /// `limit` (0: no limit). Returns (requests, failures, passes, window_start, admitted) after the
  /// update.
  static func admitClient(
    _ key: String, weight: Int, limit: Int, now: Double, halfLife: Double
  ) -> PostgresQuery {
    let w = Int32(weight)
    let l = Int32(limit)
    return """
      INSERT INTO captcha_client_activity AS a
        (key, requests, failures, updated, window_start, window_count, admitted)
      VALUES (\(key), \(Double(weight)), 0, \(now), \(now),
        CASE WHEN \(l) = 0 OR \(w) <= \(l) THEN \(w) ELSE 0 END, \(l) = 0 OR \(w) <= \(l))
      ON CONFLICT (key) DO UPDATE SET
        requests = a.requests * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)) + \(Double(weight)),
        failures = a.failures * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)),
        passes = a.passes * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)),
        updated = greatest(a.updated, \(now)),
        window_start = CASE WHEN \(now) - a.window_start >= \(ActivityRules.window) THEN \(now)
          ELSE a.window_start END,
        window_count = CASE
          WHEN \(now) - a.window_start >= \(ActivityRules.window)
            THEN CASE WHEN \(l) = 0 OR \(w) <= \(l) THEN \(w) ELSE 0 END
          WHEN \(l) = 0 OR a.window_count + \(w) <= \(l) THEN a.window_count + \(w)
          ELSE a.window_count END,
        admitted = CASE
          WHEN \(now) - a.window_start >= \(ActivityRules.window) THEN \(l) = 0 OR \(w) <= \(l)
          ELSE \(l) = 0 OR a.window_count + \(w) <= \(l) END
      RETURNING requests, failures, passes, window_start, admitted
      """
  }

  /// Adds `requests` (negative: a refund), `failures` and `passes` to a row's decayed scores
  /// (creating it); the request score stops at 0. Returns the scores after it.
  static func add(
    _ key: String, requests: Double, failures: Double, passes: Double, now: Double, halfLife: Double
  ) -> PostgresQuery {
    """
    INSERT INTO captcha_client_activity AS a
      (key, requests, failures, passes, updated, window_start, window_count, admitted)
    VALUES (\(key), greatest(\(requests), 0), \(failures), \(passes), \(now), \(now), 0, true)
    ON CONFLICT (key) DO UPDATE SET
      requests = greatest(
        a.requests * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)) + \(requests), 0),
      failures = a.failures * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)) + \(failures),
      passes = a.passes * power(0.5, greatest(\(now) - a.updated, 0) / \(halfLife)) + \(passes),
      updated = greatest(a.updated, \(now))
    RETURNING requests, failures, passes
    """
  }

  /// Deletes rows idle for `idle` seconds whose window is over.
  static func sweep(now: Double, idle: Double) -> PostgresQuery {
    """
    DELETE FROM captcha_client_activity
    WHERE updated < \(now - idle) AND window_start < \(now - ActivityRules.window)
    """
  }
}
