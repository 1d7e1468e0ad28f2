import ArgumentParser
import CaptchaKit
import CaptchaServe
import CaptchaService
import CaptchaStorePostgres
import Foundation
import Logging

/// `serve`'s options for the operator's view (docs/analytics.md): the admin token that turns on the
/// endpoints under `/admin/`, and how long the funnel's counters are kept.
struct AnalyticsOptionGroup: ParsableArguments {
  @Option(
    name: .customLong("admin-token-file"),
    help: ArgumentHelp(
      "The file holding the admin token (one line) that turns on the operator's dashboard at /admin/ and the "
        + "report at /admin/v1/report (Authorization: Bearer TOKEN; docs/analytics.md); without it they are off (404).",
      valueName: "file"))
  var adminTokenFile: String?

  @Option(
    name: .customLong("analytics-retention"),
    help: ArgumentHelp(
      "How long the funnel's counters are kept, a duration such as 90d, 36h or 30m; older buckets are dropped. "
        + "(default: \(AnalyticsOptionGroup.defaultRetention))",
      valueName: "duration"),
    transform: { text in
      guard let seconds = AnalyticsPeriod.duration(text) else {
        throw ValidationError(
          "expected a duration such as 90d, 36h, 30m or 90s (a whole number and s, m, h or d)")
      }
      return seconds
    })
  var analyticsRetention = ServiceSettings.defaultAnalyticsRetention

  static let defaultRetention = "\(Int(ServiceSettings.defaultAnalyticsRetention / 86400))d"

  @Option(
    name: .customLong("analytics-flush-interval"),
    help: ArgumentHelp(
      "With a PostgreSQL store, how often this instance writes the funnel's counters it has summed in memory, a "
        + "duration such as 5s or 1m; a stop writes them too, a crash loses at most this long's. "
        + "(default: \(Int(AnalyticsOptionGroup.defaultFlushInterval))s)",
      valueName: "duration"),
    transform: { text in
      guard let seconds = AnalyticsPeriod.duration(text) else {
        throw ValidationError("expected a duration such as 5s, 30s or 1m (a whole number and s, m, h or d)")
      }
      return seconds
    })
  var analyticsFlushInterval = AnalyticsOptionGroup.defaultFlushInterval

  /// Seconds between an instance's writes of its funnel counters to a shared store.
  static let defaultFlushInterval = 5.0

  /// The analytics store in front of a shared PostgreSQL store: counters summed in memory and written
  /// every `--analytics-flush-interval` (`BatchedAnalyticsStore`). The memory store needs none (its
  /// counters are in this process already).
  func batchedAnalytics(_ shared: PostgresChallengeStore, logger: Logger) -> BatchedAnalyticsStore {
    BatchedAnalyticsStore(base: shared, interval: analyticsFlushInterval, logger: logger)
  }

  /// The admin token from `--admin-token-file`; nil without one. An unreadable or empty file, or one
  /// of more than one line, is an error naming the option.
  func adminToken() throws -> AdminToken? {
    guard let path = adminTokenFile else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CaptchaError(
        .missingInput, "--admin-token-file \(path): the file cannot be read (missing, or not allowed)")
    }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    guard !text.contains("\n") else {
      throw CaptchaError(.usage, "--admin-token-file \(path) holds more than one line; a token is one line")
    }
    guard let token = AdminToken(text) else {
      throw CaptchaError(.usage, "--admin-token-file \(path) is empty")
    }
    return token
  }
}
