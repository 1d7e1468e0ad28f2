#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A period's funnel over time, for charts: the period cut into at most `maxSlices` slices of whole
/// buckets, each with its own report.
public struct AnalyticsTimeline: Sendable, Equatable {
  /// Seconds in one slice (a multiple of `AnalyticsBuckets.seconds`).
  public var sliceSeconds: Int64
  /// Each slice's start and its report, in time order (slices without counts too).
  public var slices: [Slice]

  public struct Slice: Sendable, Equatable {
    public var start: Date
    public var report: AnalyticsReport
  }

  /// The most slices a timeline is cut into.
  public static let defaultMaxSlices = 24

  /// The timeline of `counts` over `period` (for `sitekey`, or every site).
  public init(
    counts: [AnalyticsCount], period: AnalyticsPeriod, sitekey: String? = nil,
    maxSlices: Int = defaultMaxSlices
  ) {
    let (from, to) = period.buckets
    let buckets = max(1, (to - from) / AnalyticsBuckets.seconds)
    let perSlice = max(1, (buckets + Int64(maxSlices) - 1) / Int64(maxSlices))
    let slice = perSlice * AnalyticsBuckets.seconds
    let count = Int((to - from + slice - 1) / slice)
    var grouped = [[AnalyticsCount]](repeating: [], count: count)
    for item in counts where item.bucket >= from && item.bucket < to {
      grouped[Int((item.bucket - from) / slice)].append(item)
    }
    sliceSeconds = slice
    slices = grouped.enumerated().map { index, counts in
      let start = Date(timeIntervalSince1970: Double(from + Int64(index) * slice))
      let end = min(start.addingTimeInterval(Double(slice)), period.until)
      return Slice(
        start: start,
        report: AnalyticsReport(
          counts: counts, period: AnalyticsPeriod(since: start, until: max(end, start)), sitekey: sitekey))
    }
  }
}

extension ChallengeService {
  /// The report of `period` and its timeline, for the dashboard (same checks as `report`).
  public func timeline(sitekey: String?, period: AnalyticsPeriod) async throws -> (
    report: AnalyticsReport, timeline: AnalyticsTimeline
  ) {
    let report = try await self.report(sitekey: sitekey, period: period)
    let (from, to) = period.buckets
    let counts = try await analytics.analytics(site: sitekey, from: from, to: to)
    return (report, AnalyticsTimeline(counts: counts, period: period, sitekey: sitekey))
  }
}
