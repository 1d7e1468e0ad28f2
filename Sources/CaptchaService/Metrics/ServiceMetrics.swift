import Synchronization

/// The service's counters: challenges issued, verified (pass or fail) and expired, per kind. Pool
/// depth and refill figures live in the pools; `PrometheusText` renders both.
public final class ServiceMetrics: Sendable {
  /// Counts of one kind.
  public struct Counts: Sendable, Equatable {
    public var issued = 0
    public var passed = 0
    public var failed = 0
    public var expired = 0

    public init(issued: Int = 0, passed: Int = 0, failed: Int = 0, expired: Int = 0) {
      self.issued = issued
      self.passed = passed
      self.failed = failed
      self.expired = expired
    }
  }

  private let counts = Mutex<[String: Counts]>([:])

  public init() {}

  /// The counts of `kind` (zeros when nothing happened yet).
  public func counts(of kind: String) -> Counts {
    counts.withLock { $0[kind] ?? Counts() }
  }

  func countIssued(kind: String) {
    counts.withLock { $0[kind, default: Counts()].issued += 1 }
  }

  func countVerified(kind: String, passed: Bool) {
    counts.withLock {
      if passed { $0[kind, default: Counts()].passed += 1 } else { $0[kind, default: Counts()].failed += 1 }
    }
  }

  func countExpired(_ expiredByKind: [String: Int]) {
    counts.withLock { all in
      for (kind, n) in expiredByKind { all[kind, default: Counts()].expired += n }
    }
  }
}
