import CaptchaKit
import CaptchaProofOfWork
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What stands between a client and a pass besides the puzzle: the rate limit and the
/// proof-of-work level, both counted in the activity store, and the check of the proof of work.
/// `ChallengeService` runs every issue and verify through it.
struct ChallengeGate: Sendable {
  let activity: any ClientActivityStore
  let settings: ServiceSettings
  /// The table puzzles are checked against; nil when the proof of work is off.
  let table: PowTable?
  let logger: Logger
  /// What a verify request counts for in the rate limit and the client's request score.
  static let verifyWeight = 1

  init(activity: any ClientActivityStore, settings: ServiceSettings, logger: Logger) {
    self.activity = activity
    self.settings = settings
    self.table = settings.pow.map { PowTable.shared(log2Words: $0.tableLog2) }
    self.logger = logger
  }

  /// The key levels and limits count `address` by: its prefix, or `unknown` without an address.
  func clientKey(_ address: ClientAddress?) -> String {
    address.map(settings.clientPrefixes.key) ?? "unknown"
  }

  /// Counts a request of `weight` (for `site`, nil when it is not known yet); throws `RateLimited`
  /// over the client's limit. Returns the level the client's and the site's scores give a puzzle
  /// challenge.
  func admit(client: String, site: String?, weight: Int, now: Date) async throws -> Int {
    let request = ActivityRequest(
      client: client, site: site, weight: weight, limitPerMinute: settings.rateLimitPerMinute)
    switch try await activity.admit(request, rules: settings.levels.activity, now: now) {
    case .limited(let retryAfter):
      throw RateLimited(client: client, limitPerMinute: settings.rateLimitPerMinute, retryAfter: retryAfter)
    case .admitted(let clientScores, let siteScores):
      return settings.levels.level(client: clientScores, site: siteScores)
    }
  }

  /// The proof of work of a new challenge `id` at `level`; nil when the proof of work is off.
  func puzzle(level: Int, id: String) -> PowPuzzle? {
    guard let pow = settings.pow, let salt = PowPuzzle.salt(challengeID: id) else { return nil }
    return pow.puzzle(level: level, salt: salt)
  }

  /// A failing verdict when `challenge` has a proof of work that `solution` does not solve; nil
  /// when it is solved or the challenge has none.
  func failure(of solution: PowSolution?, for challenge: StoredChallenge) -> Verdict? {
    guard let puzzle = challenge.pow else { return nil }
    guard let solution else {
      return Verdict(
        passed: false, reason: "this challenge needs its proof of work (\"pow\") solved", code: .powMissing)
    }
    let table = table ?? PowTable.shared(log2Words: puzzle.tableLog2)
    let check = table.check(solution, for: puzzle)
    return check == .solved ? nil : Verdict(passed: false, reason: check.reason, code: .powWrong)
  }

  /// Counts a verify that did not pass (for `site`, nil when the challenge was not found). A store
  /// that fails here is logged, not thrown: the verdict stands either way.
  func recordFailure(client: String, site: String?, now: Date) async {
    do {
      try await activity.recordFailure(client: client, site: site, rules: settings.levels.activity, now: now)
    } catch {
      logger.warning(
        "could not count a failed verify", metadata: ["client": "\(client)", "error": "\(error)"])
    }
  }
}

extension ChallengeGate {
  /// Counts a verify that passed: its requests come off the request scores and the client's pass
  /// score grows. A store that fails here is logged, not thrown: the verdict stands either way.
  func recordPass(_ pass: ActivityPass, now: Date) async {
    do {
      try await activity.recordPass(pass, rules: settings.levels.activity, now: now)
    } catch {
      logger.warning(
        "could not count a passed verify", metadata: ["client": "\(pass.client)", "error": "\(error)"])
    }
  }
}

/// A client over its rate limit (HTTP 429 with Retry-After).
public struct RateLimited: Error, Equatable, CustomStringConvertible {
  public var client: String
  public var limitPerMinute: Int
  public var retryAfter: Int

  public var description: String {
    "too many requests from \(client): the limit is \(limitPerMinute) per minute; retry in \(retryAfter) s"
  }
}
