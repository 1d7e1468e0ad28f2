import CaptchaService
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `ChallengeStore` of one's own: it keeps challenges in another store and counts what passes
/// through (issued, verified, refused), as an audit log might. Run the contract suite against any
/// store you write (AuditedStoreTests).
public final class AuditedStore: ChallengeStore {
  /// How many challenges were inserted, taken for their one verify, and refused a second verify.
  public struct Counts: Equatable, Sendable {
    public var inserted: Int
    public var taken: Int
    public var refused: Int

    public init(inserted: Int = 0, taken: Int = 0, refused: Int = 0) {
      self.inserted = inserted
      self.taken = taken
      self.refused = refused
    }
  }

  private let inner: any ChallengeStore
  private let counts = Mutex(Counts())

  /// As shared as the store it wraps.
  public var sharing: StoreSharing { inner.sharing }

  public init(wrapping inner: any ChallengeStore) {
    self.inner = inner
  }

  /// The counts so far.
  public var current: Counts { counts.withLock { $0 } }

  public func insert(_ challenge: StoredChallenge) async throws {
    try await inner.insert(challenge)
    counts.withLock { $0.inserted += 1 }
  }

  public func take(id: String, now: Date) async throws -> TakeResult {
    let result = try await inner.take(id: id, now: now)
    counts.withLock { c in
      switch result {
      case .taken: c.taken += 1
      case .alreadyVerified: c.refused += 1
      case .expired, .unknown: break
      }
    }
    return result
  }

  public func picture(id: String, _ picture: ChallengePicture, now: Date) async throws -> StoredPicture? {
    try await inner.picture(id: id, picture, now: now)
  }

  public func sweep(now: Date) async throws -> [String: Int] {
    try await inner.sweep(now: now)
  }

  public func checkHealth() async throws {
    try await inner.checkHealth()
  }
}
