import CaptchaService
import PostgresNIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The SQL of the `captcha_pass_tokens` table (one row per pass token, keyed by the token's
/// SHA-256). Single use is the redeem UPDATE's WHERE clause, as for challenges: of concurrent
/// UPDATEs of one row the first sets `redeemed_at`, and every later one re-checks
/// `redeemed_at IS NULL` against the updated row and matches nothing.
enum PassTokenTable {
  static let createStatements: [PostgresQuery] = [
    """
    CREATE TABLE IF NOT EXISTS captcha_pass_tokens (
      digest text PRIMARY KEY,
      sitekey text NOT NULL,
      kind text NOT NULL,
      challenge_id text NOT NULL,
      hostname text NOT NULL,
      passed_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      redeemed_at timestamptz,
      idempotency_key text
    )
    """,
    "CREATE INDEX IF NOT EXISTS captcha_pass_tokens_expires_at ON captcha_pass_tokens (expires_at)",
    // The analytics' look and audience. Added to tables of earlier versions.
    """
    ALTER TABLE captcha_pass_tokens
      ADD COLUMN IF NOT EXISTS look text NOT NULL DEFAULT 'default',
      ADD COLUMN IF NOT EXISTS audience text NOT NULL DEFAULT 'people'
    """,
  ]

  static func insert(_ record: PassTokenRecord) -> PostgresQuery {
    """
    INSERT INTO captcha_pass_tokens
      (digest, sitekey, kind, challenge_id, hostname, passed_at, expires_at, look, audience)
    VALUES (\(record.digest), \(record.sitekey), \(record.kind), \(record.challengeID), \(record.hostname),
      \(record.passedAt), \(record.expiresAt), \(record.look), \(record.audience.rawValue))
    """
  }

  /// Marks the token redeemed if it is the site's, live and not redeemed; returns it if so.
  static func redeem(digest: String, sitekey: String, idempotencyKey: String?, now: Date) -> PostgresQuery {
    """
    UPDATE captcha_pass_tokens SET redeemed_at = \(now), idempotency_key = \(idempotencyKey)
    WHERE digest = \(digest) AND sitekey = \(sitekey) AND redeemed_at IS NULL AND expires_at > \(now)
    RETURNING kind, challenge_id, hostname, passed_at, expires_at, look, audience
    """
  }

  /// After a redeem that matched nothing: the row as it is (none: unknown).
  static func state(digest: String) -> PostgresQuery {
    """
    SELECT sitekey, kind, challenge_id, hostname, passed_at, expires_at, redeemed_at IS NOT NULL, idempotency_key,
      look, audience
    FROM captcha_pass_tokens WHERE digest = \(digest)
    """
  }

  /// Deletes the expired rows; returns their count.
  static func sweep(now: Date) -> PostgresQuery {
    """
    WITH gone AS (DELETE FROM captcha_pass_tokens WHERE expires_at <= \(now) RETURNING 1)
    SELECT count(*) FROM gone
    """
  }
}
