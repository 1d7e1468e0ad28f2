import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows a batch's progress on stderr: a redrawn bar (count, rate, ETA) when stderr is a terminal,
/// a plain line every few seconds otherwise, nothing with `--quiet`. Thread-safe: workers call
/// `update` as items finish; `message` prints a line (such as a failed item) without tearing the bar.
final class ProgressDisplay: @unchecked Sendable {
  enum Mode { case bar, lines, quiet }

  let mode: Mode
  private let lock = PlainLock()
  private var lastDraw = -Double.infinity
  private var barShown = false
  /// Seconds between redraws of the bar and between plain lines.
  private let barInterval = 0.1
  private let lineInterval = 5.0

  init(quiet: Bool) {
    if quiet {
      mode = .quiet
    } else {
      mode = isatty(STDERR_FILENO) == 1 ? .bar : .lines
    }
  }

  /// Called after each item; draws at most every `barInterval` / `lineInterval` seconds.
  func update(_ p: BatchProgress) {
    guard mode != .quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    switch mode {
    case .bar where p.elapsed - lastDraw >= barInterval || p.done == p.total:
      lastDraw = p.elapsed
      write("\r\u{1B}[2K" + Self.barLine(p))
      barShown = true
    case .lines where p.elapsed - lastDraw >= lineInterval:
      lastDraw = p.elapsed
      write(Self.plainLine(p) + "\n")
    default:
      break
    }
  }

  /// Prints one line on stderr (even with --quiet: failures are always reported).
  func message(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    clearBar()
    write(line + "\n")
  }

  /// Removes the bar and prints the summary (not with --quiet).
  func finish(_ p: BatchProgress) {
    lock.lock()
    defer { lock.unlock() }
    clearBar()
    if mode != .quiet { write(Self.summaryLine(p) + "\n") }
  }

  private func clearBar() {
    if barShown {
      write("\r\u{1B}[2K")
      barShown = false
    }
  }

  private func write(_ s: String) {
    writeAll(fd: 2, Array(s.utf8))
  }

  /// `[##########··········]  420/1000  42%  315.2/s  ETA 0:02`
  static func barLine(_ p: BatchProgress) -> String {
    let width = 24
    let filled = p.total > 0 ? min(width, p.done * width / p.total) : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
    return "[\(bar)] \(p.done)/\(p.total) \(percent(p)) \(rateText(p.rate)) ETA \(duration(p.eta))"
  }

  /// `batch: 420/1000 (42%) made 418, failed 2, 315.2 captchas/s, ETA 0:02`
  static func plainLine(_ p: BatchProgress) -> String {
    "batch: \(p.done)/\(p.total) (\(percent(p))) made \(p.made), skipped \(p.skipped), "
      + "failed \(p.failed), \(rateText(p.rate)), ETA \(duration(p.eta))"
  }

  /// `made 998, skipped 0, failed 2 of 1000 in 3.2 s (311.9 captchas/s)`
  static func summaryLine(_ p: BatchProgress) -> String {
    "made \(p.made), skipped \(p.skipped), failed \(p.failed) of \(p.total) in "
      + PlainText.format("%.1f s", p.elapsed) + " (\(rateText(p.rate)))"
  }

  private static func percent(_ p: BatchProgress) -> String {
    p.total > 0 ? "\(p.done * 100 / p.total)%" : "100%"
  }

  private static func rateText(_ r: Double) -> String { PlainText.format("%.1f captchas/s", r) }

  /// `1:02:03`, `2:03`, or `?` when unknown.
  static func duration(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite else { return "?" }
    let s = Int(seconds.rounded(.up))
    let h = s / 3600
    let m = (s % 3600) / 60
    let sec = s % 60
    return h > 0 ? PlainText.format("%d:%02d:%02d", h, m, sec) : PlainText.format("%d:%02d", m, sec)
  }
}
