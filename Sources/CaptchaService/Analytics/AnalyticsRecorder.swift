import CaptchaKit
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns the service's events into funnel counts and adds them to the analytics store. Analytics
/// never decide anything: a store that fails is logged and the request goes on.
struct AnalyticsRecorder: Sendable {
  let store: any AnalyticsStore
  let logger: Logger
  /// This process's totals, for `/metrics`.
  let totals: AnalyticsTotals

  /// A challenge issued at proof-of-work `level`.
  func issued(_ labels: AnalyticsLabels, level: Int, at now: Date) async {
    await add(
      [AnalyticsCounterKey(labels, .issued), AnalyticsCounterKey(labels, .level, detail: String(level))],
      at: now)
  }

  /// An answer judged: `code` is the verdict's (`passed` for a pass); `token` whether a pass token
  /// was issued; `serverSolveMs` the issue-to-verify time, used when the client does not say.
  func answered(
    _ labels: AnalyticsLabels, code: VerdictCode, token: Bool, report: ClientReport?, serverSolveMs: Double,
    at now: Date
  ) async {
    let first = report?.isFirstAttempt ?? true
    var keys = [AnalyticsCounterKey(labels, .attempted, detail: first ? "first" : "later")]
    if code == .passed {
      keys.append(AnalyticsCounterKey(labels, first ? .passedFirst : .passedLater))
    } else {
      keys.append(AnalyticsCounterKey(labels, .failed, detail: code.rawValue))
    }
    if token { keys.append(AnalyticsCounterKey(labels, .tokens)) }
    if report?.shownMs != nil { keys.append(AnalyticsCounterKey(labels, .shown)) }
    let solve = max(report?.solveMs ?? serverSolveMs, 0)
    totals.addSum(labels, .solveMs, solve)
    keys.append(
      AnalyticsCounterKey(
        labels, .solveMs, detail: AnalyticsBuckets.histogramDetail(solve, bounds: AnalyticsBuckets.solveMs)))
    if let pow = report?.powMs {
      totals.addSum(labels, .powMs, max(pow, 0))
      keys.append(
        AnalyticsCounterKey(
          labels, .powMs, detail: AnalyticsBuckets.histogramDetail(pow, bounds: AnalyticsBuckets.powMs)))
    }
    await add(keys, at: now)
  }

  /// A siteverify that succeeded (`failure` nil) or failed with an error code.
  func siteverified(_ labels: AnalyticsLabels, failure: SiteverifyErrorCode?, at now: Date) async {
    let key =
      failure.map { AnalyticsCounterKey(labels, .siteverifyFailure, detail: $0.rawValue) }
      ?? AnalyticsCounterKey(labels, .siteverifySuccess)
    await add([key], at: now)
  }

  /// Challenges that expired unanswered, by labels.
  func abandoned(_ expired: [AnalyticsLabels: Int], at now: Date) async {
    let bucket = AnalyticsBuckets.bucket(now)
    let counts = expired.filter { $0.value > 0 }.map {
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey($0.key, .abandoned), count: Int64($0.value))
    }
    await add(counts)
  }

  private func add(_ keys: [AnalyticsCounterKey], at now: Date) async {
    let bucket = AnalyticsBuckets.bucket(now)
    await add(keys.map { AnalyticsCount(bucket: bucket, key: $0) })
  }

  private func add(_ counts: [AnalyticsCount]) async {
    guard !counts.isEmpty else { return }
    totals.add(counts)
    do {
      try await store.addAnalytics(AnalyticsCount.merged(counts))
    } catch {
      logger.warning("analytics not counted", metadata: ["error": "\(error)"])
    }
  }
}
