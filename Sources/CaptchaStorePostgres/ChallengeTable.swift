import CaptchaService
import PostgresNIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The SQL of the `captcha_challenges` table, one statement per store call. Single use is the
/// `take` UPDATE's WHERE clause: PostgreSQL locks the row, so of concurrent UPDATEs of one id the
/// first sets `verified_at` and every later one re-checks `verified_at IS NULL` against the updated
/// row and matches nothing.
enum ChallengeTable {
  /// Serialises schema creation between instances that start at the same moment
  /// (`pg_advisory_xact_lock`; concurrent `CREATE TABLE IF NOT EXISTS` can otherwise collide).
  static let schemaLockKey: Int64 = 0x6361_7074_6368_6131  // "captcha1"

  static let createStatements: [PostgresQuery] = [
    """
    CREATE TABLE IF NOT EXISTS captcha_challenges (
      id text PRIMARY KEY,
      kind text NOT NULL,
      expires_at timestamptz NOT NULL,
      verified_at timestamptz,
      answer bytea NOT NULL,
      background bytea NOT NULL,
      background_type text NOT NULL,
      piece bytea NOT NULL,
      piece_type text NOT NULL,
      sitekey text NOT NULL DEFAULT 'default',
      hostname text NOT NULL DEFAULT ''
    )
    """,
    "CREATE INDEX IF NOT EXISTS captcha_challenges_expires_at ON captcha_challenges (expires_at)",
    // Tables made before sites existed.
    "ALTER TABLE captcha_challenges ADD COLUMN IF NOT EXISTS sitekey text NOT NULL DEFAULT 'default'",
    "ALTER TABLE captcha_challenges ADD COLUMN IF NOT EXISTS hostname text NOT NULL DEFAULT ''",
    // The proof of work; NULL for a challenge without one. Added to tables of earlier versions.
    """
    ALTER TABLE captcha_challenges
      ADD COLUMN IF NOT EXISTS pow_level integer,
      ADD COLUMN IF NOT EXISTS pow_puzzles integer,
      ADD COLUMN IF NOT EXISTS pow_steps integer,
      ADD COLUMN IF NOT EXISTS pow_difficulty bigint,
      ADD COLUMN IF NOT EXISTS pow_table_log2 integer
    """,
    // The analytics' look and audience. Added to tables of earlier versions.
    """
    ALTER TABLE captcha_challenges
      ADD COLUMN IF NOT EXISTS look text NOT NULL DEFAULT 'default',
      ADD COLUMN IF NOT EXISTS audience text NOT NULL DEFAULT 'people'
    """,
  ]

  static func insert(_ challenge: StoredChallenge) -> PostgresQuery {
    let pow = challenge.pow
    return """
      INSERT INTO captcha_challenges
        (id, kind, expires_at, answer, background, background_type, piece, piece_type, sitekey, hostname,
         pow_level, pow_puzzles, pow_steps, pow_difficulty, pow_table_log2, look, audience)
      VALUES (\(challenge.id), \(challenge.kind), \(challenge.expiresAt),
        \(ByteBuffer(bytes: challenge.answer)),
        \(ByteBuffer(bytes: challenge.background.bytes)), \(challenge.background.mediaType),
        \(ByteBuffer(bytes: challenge.piece.bytes)), \(challenge.piece.mediaType),
        \(challenge.sitekey), \(challenge.hostname),
        \(pow.map { Int32($0.level) }), \(pow.map { Int32($0.puzzles) }), \(pow.map { Int32($0.steps) }),
        \(pow.map { Int64($0.difficulty) }), \(pow.map { Int32($0.tableLog2) }),
        \(challenge.look), \(challenge.audience.rawValue))
      """
  }

  /// Marks the challenge verified if it is live and unverified; returns it (one row) if so.
  static func take(id: String, now: Date) -> PostgresQuery {
    """
    UPDATE captcha_challenges SET verified_at = \(now)
    WHERE id = \(id) AND verified_at IS NULL AND expires_at > \(now)
    RETURNING kind, expires_at, answer, background, background_type, piece, piece_type, sitekey, hostname,
      pow_level, pow_puzzles, pow_steps, pow_difficulty, pow_table_log2, look, audience
    """
  }

  /// After a `take` that matched nothing: whether the row exists and was verified (none: unknown).
  static func verifiedState(id: String) -> PostgresQuery {
    "SELECT verified_at IS NOT NULL FROM captcha_challenges WHERE id = \(id)"
  }

  /// One picture and its media type while the challenge is live and unverified.
  static func picture(id: String, _ picture: ChallengePicture, now: Date) -> PostgresQuery {
    switch picture {
    case .background:
      return """
        SELECT background, background_type FROM captcha_challenges
        WHERE id = \(id) AND verified_at IS NULL AND expires_at > \(now)
        """
    case .piece:
      return """
        SELECT piece, piece_type FROM captcha_challenges
        WHERE id = \(id) AND verified_at IS NULL AND expires_at > \(now)
        """
    }
  }

  /// Deletes the expired rows; returns (site, kind, look, audience, count) of those that were never
  /// verified.
  static func sweep(now: Date) -> PostgresQuery {
    """
    WITH gone AS (
      DELETE FROM captcha_challenges WHERE expires_at <= \(now)
      RETURNING sitekey, kind, look, audience, verified_at
    )
    SELECT sitekey, kind, look, audience, count(*) FROM gone WHERE verified_at IS NULL
    GROUP BY sitekey, kind, look, audience
    """
  }

  static let ping: PostgresQuery = "SELECT 1"
}
