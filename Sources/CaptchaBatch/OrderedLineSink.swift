import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
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

/// Receives one line per item as items finish, in any order, and passes them on in item order:
/// a line is written as soon as every earlier item's line has been written, so the output is the
/// same whatever `--jobs` is and stays a clean prefix if the process is killed. Thread-safe.
final class OrderedLineSink: @unchecked Sendable {
  private let lock = PlainLock()
  private var pending: [Int: String] = [:]
  private var next = 0
  private let emit: (String) throws -> Void
  private(set) var firstError: Error?

  /// Lines are delivered by position 0, 1, 2 … (the item's rank in the batch's index order).
  init(emit: @escaping (String) throws -> Void) {
    self.emit = emit
  }

  /// Hands in the line of the item at `position`.
  func deliver(position: Int, line: String) {
    lock.lock()
    defer { lock.unlock() }
    pending[position] = line
    while let ready = pending.removeValue(forKey: next) {
      if firstError == nil {
        do { try emit(ready) } catch { firstError = error }
      }
      next += 1
    }
  }

  /// Lines received but not yet written because an earlier one is missing.
  var buffered: Int {
    lock.lock()
    defer { lock.unlock() }
    return pending.count
  }

  /// How many lines have been passed on.
  var written: Int {
    lock.lock()
    defer { lock.unlock() }
    return next
  }
}
