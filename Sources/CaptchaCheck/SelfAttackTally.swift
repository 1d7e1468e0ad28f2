import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// Adds up self-attack reports over a batch (thread-safe: batch workers add as items finish) and
/// prints the share of items each attack cracked, and the share cracked by any of them. The
/// summary depends only on the set of reports, never on the order they arrived in.
public final class SelfAttackTally: @unchecked Sendable {
  private let lock = PlainLock()
  private var names: [String] = []
  private var cracked: [Int] = []
  private var ranks: [[Int]] = []
  private var crackedByAny = 0
  private var checked = 0
  private var errors = 0

  public init() {}

  /// Records one item's report.
  public func add(_ report: SelfAttackReport) {
    lock.lock()
    defer { lock.unlock() }
    if names.isEmpty {
      names = report.verdicts.map(\.attack)
      cracked = Array(repeating: 0, count: names.count)
      ranks = Array(repeating: [], count: names.count)
    }
    for (i, v) in report.verdicts.enumerated() where i < names.count {
      if v.cracked { cracked[i] += 1 }
      ranks[i].append(v.rank)
    }
    if report.crackedByAny { crackedByAny += 1 }
    checked += 1
  }

  /// Records an item that could not be checked (its files could not be read back).
  public func addError() {
    lock.lock()
    errors += 1
    lock.unlock()
  }

  /// How many items were checked.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return checked
  }

  /// `check: 100 items; edge-match cracked 100 (100.0%, median rank 1), ncc-ccoeff cracked 97 (97.0%,
  /// median rank 1); any attack 100 (100.0%)`, plus `, N not checked` when some items failed.
  public var summaryLine: String {
    lock.lock()
    defer { lock.unlock() }
    func share(_ k: Int) -> String {
      PlainText.format("%.1f%%", checked > 0 ? 100 * Double(k) / Double(checked) : 0)
    }
    var parts: [String] = []
    for (i, name) in names.enumerated() {
      let sorted = ranks[i].sorted()
      let median = sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
      parts.append("\(name) cracked \(cracked[i]) (\(share(cracked[i])), median rank \(median))")
    }
    var line = "check: \(checked) items"
    if !parts.isEmpty { line += "; " + parts.joined(separator: ", ") }
    line += "; any attack \(crackedByAny) (\(share(crackedByAny)))"
    if errors > 0 { line += "; \(errors) not checked" }
    return line
  }
}
