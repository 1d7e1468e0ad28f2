#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The default store (`--store memory`): challenges in this process only, nothing to install.
/// Challenges die with the process and are not shared between instances; use PostgreSQL for that.
public actor MemoryChallengeStore: ChallengeStore {
  private struct Row {
    var challenge: StoredChallenge
    var verified: Bool
  }

  private var rows: [String: Row] = [:]

  public init() {}

  public func insert(_ challenge: StoredChallenge) async throws {
    rows[challenge.id] = Row(challenge: challenge, verified: false)
  }

  public func take(id: String, now: Date) async throws -> TakeResult {
    guard let row = rows[id] else { return .unknown }
    if row.verified { return .alreadyVerified }
    if row.challenge.expiresAt <= now { return .expired }
    rows[id]?.verified = true
    return .taken(row.challenge)
  }

  public func picture(id: String, _ picture: ChallengePicture, now: Date) async throws
    -> StoredPicture?
  {
    guard let row = rows[id], !row.verified, row.challenge.expiresAt > now else { return nil }
    switch picture {
    case .background: return row.challenge.background
    case .piece: return row.challenge.piece
    }
  }

  public func sweep(now: Date) async throws -> [String: Int] {
    var expiredUnverified: [String: Int] = [:]
    for (id, row) in rows where row.challenge.expiresAt <= now {
      if !row.verified { expiredUnverified[row.challenge.kind, default: 0] += 1 }
      rows[id] = nil
    }
    return expiredUnverified
  }

  public func checkHealth() async throws {}
}
