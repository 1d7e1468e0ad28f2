import CaptchaService
import PostgresNIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Pass tokens in the same database as the challenges (`captcha_pass_tokens`), so a token issued by
/// one instance is redeemed, once, by any other.
extension PostgresChallengeStore: PassTokenStore {
  public func insertPassToken(_ record: PassTokenRecord) async throws {
    try await run { client in
      _ = try await client.query(PassTokenTable.insert(record), logger: self.logger)
    }
  }

  public func redeemPassToken(digest: String, sitekey: String, idempotencyKey: String?, now: Date)
    async throws
    -> RedeemResult
  {
    try await run { client in
      let redeem = PassTokenTable.redeem(
        digest: digest, sitekey: sitekey, idempotencyKey: idempotencyKey, now: now)
      for try await (kind, challengeID, hostname, passedAt, expiresAt, look, audience)
        in try await client.query(
          redeem, logger: self.logger
        ).decode((String, String, String, Date, Date, String, String).self)
      {
        return .redeemed(
          PassTokenRecord(
            digest: digest, sitekey: sitekey, kind: kind, challengeID: challengeID, hostname: hostname,
            passedAt: passedAt, expiresAt: expiresAt, look: look,
            audience: Audience(rawValue: audience) ?? .people))
      }
      let rows = try await client.query(PassTokenTable.state(digest: digest), logger: self.logger)
      for try await (owner, kind, challengeID, hostname, passedAt, expiresAt, redeemed, key, look, audience)
        in rows.decode((String, String, String, String, Date, Date, Bool, String?, String, String).self)
      {
        if owner != sitekey { return .otherSite }
        if expiresAt <= now { return .expired }
        guard redeemed else { return .unknown }  // it was inserted after the UPDATE looked
        if let idempotencyKey, idempotencyKey == key {
          return .repeated(
            PassTokenRecord(
              digest: digest, sitekey: owner, kind: kind, challengeID: challengeID, hostname: hostname,
              passedAt: passedAt, expiresAt: expiresAt, look: look,
              audience: Audience(rawValue: audience) ?? .people))
        }
        return .used
      }
      return .unknown
    }
  }

  public func passTokenRecord(digest: String) async throws -> PassTokenRecord? {
    try await run { client in
      let rows = try await client.query(PassTokenTable.state(digest: digest), logger: self.logger)
      for try await (owner, kind, challengeID, hostname, passedAt, expiresAt, _, _, look, audience)
        in rows.decode(
          (String, String, String, String, Date, Date, Bool, String?, String, String).self)
      {
        return PassTokenRecord(
          digest: digest, sitekey: owner, kind: kind, challengeID: challengeID, hostname: hostname,
          passedAt: passedAt, expiresAt: expiresAt, look: look,
          audience: Audience(rawValue: audience) ?? .people)
      }
      return nil
    }
  }

  @discardableResult
  public func sweepPassTokens(now: Date) async throws -> Int {
    try await run { client in
      let rows = try await client.query(PassTokenTable.sweep(now: now), logger: self.logger)
      for try await count in rows.decode(Int64.self) { return Int(count) }
      return 0
    }
  }
}
