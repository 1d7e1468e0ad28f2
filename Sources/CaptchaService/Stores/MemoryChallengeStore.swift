#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The default store (`--store memory`): challenges in this process only, nothing to install.
/// Challenges die with the process and are not shared between instances; use PostgreSQL for that.
/// A verified challenge keeps only its analytics labels and expiry (to answer a replay 409 until it is swept):
/// its pictures and answer are dropped at once, so memory holds the challenges still unanswered.
public actor MemoryChallengeStore: ChallengeStore {
  private struct Row {
    var labels: AnalyticsLabels
    var expiresAt: Date
    /// nil once verified.
    var live: StoredChallenge?
  }

  private var rows: [String: Row] = [:]

  public init() {}

  /// This process only.
  public nonisolated var sharing: StoreSharing { .process }

  public func insert(_ challenge: StoredChallenge) async throws {
    rows[challenge.id] = Row(labels: challenge.labels, expiresAt: challenge.expiresAt, live: challenge)
  }

  public func take(id: String, now: Date) async throws -> TakeResult {
    guard let row = rows[id] else { return .unknown }
    guard let challenge = row.live else { return .alreadyVerified }
    if row.expiresAt <= now { return .expired }
    rows[id]?.live = nil
    return .taken(challenge)
  }

  public func picture(id: String, _ picture: ChallengePicture, now: Date) async throws
    -> StoredPicture?
  {
    guard let row = rows[id], let challenge = row.live, row.expiresAt > now else { return nil }
    switch picture {
    case .background: return challenge.background
    case .piece: return challenge.piece
    }
  }

  public func sweep(now: Date) async throws -> [String: Int] {
    Dictionary(try await sweepExpired(now: now).map { ($0.key.kind, $0.value) }, uniquingKeysWith: +)
  }

  public func sweepExpired(now: Date) async throws -> [AnalyticsLabels: Int] {
    var expiredUnverified: [AnalyticsLabels: Int] = [:]
    for (id, row) in rows where row.expiresAt <= now {
      if row.live != nil { expiredUnverified[row.labels, default: 0] += 1 }
      rows[id] = nil
    }
    return expiredUnverified
  }

  public func checkHealth() async throws {}

  /// Bytes of pictures and answers held (unverified challenges only).
  var heldBytes: Int {
    rows.values.reduce(0) { total, row in
      guard let live = row.live else { return total }
      return total + live.answer.count + live.background.bytes.count + live.piece.bytes.count
    }
  }
}
