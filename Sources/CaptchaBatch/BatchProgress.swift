import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import Dispatch
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A snapshot of a running batch, for progress displays and the final summary.
public struct BatchProgress: Sendable, Equatable {
  /// Items of this run (this shard).
  public var total: Int
  /// Items newly made.
  public var made: Int
  /// Items skipped by `--resume` because their files were already complete.
  public var skipped: Int
  /// Items that failed.
  public var failed: Int
  /// Seconds since the batch started.
  public var elapsed: Double

  public init(total: Int, made: Int = 0, skipped: Int = 0, failed: Int = 0, elapsed: Double = 0) {
    self.total = total
    self.made = made
    self.skipped = skipped
    self.failed = failed
    self.elapsed = elapsed
  }

  /// Items finished one way or another.
  public var done: Int { made + skipped + failed }

  /// Items made or failed per second (skipped items cost almost nothing and are left out).
  public var rate: Double { elapsed > 0 ? Double(made + failed) / elapsed : 0 }

  /// Estimated seconds left at the current rate; nil until something was made.
  public var eta: Double? {
    let r = rate
    guard r > 0 else { return nil }
    return Double(total - done) / r
  }
}

/// Thread-safe counters behind `BatchProgress`.
final class ProgressCounter: @unchecked Sendable {
  private let lock = PlainLock()
  private var snapshot: BatchProgress
  private let start = DispatchTime.now().uptimeNanoseconds

  init(total: Int) { snapshot = BatchProgress(total: total) }

  enum Event { case made, skipped, failed }

  func record(_ event: Event) -> BatchProgress {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .made: snapshot.made += 1
    case .skipped: snapshot.skipped += 1
    case .failed: snapshot.failed += 1
    }
    snapshot.elapsed = seconds()
    return snapshot
  }

  func current() -> BatchProgress {
    lock.lock()
    defer { lock.unlock() }
    snapshot.elapsed = seconds()
    return snapshot
  }

  private func seconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
