#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The period a report covers: from `since` up to `until`, read as a duration back from now
/// (`24h`, `7d`, `30m`, `90s`) or a time (`2026-12-06T10:00:00Z`). The buckets counted are those
/// from `since`'s bucket to `until`'s, both included: counts are as fine as a bucket (five minutes).
public struct AnalyticsPeriod: Sendable, Equatable {
  public var since: Date
  public var until: Date

  /// The period a report covers when none is asked for: the last day.
  public static let defaultLength = 86400.0

  public init(since: Date, until: Date) {
    self.since = since
    self.until = until
  }

  /// The period of `since` (nil: a day before `until`) and `until` (nil: `now`); throws
  /// `AnalyticsReportError` for text that is neither a duration nor a time, or an empty period.
  public static func parse(since: String?, until: String?, now: Date) throws -> AnalyticsPeriod {
    let end =
      try until.map { text in
        guard let time = Self.time(text) else { throw AnalyticsReportError.badUntil(text) }
        return time
      } ?? now
    let start =
      try since.map { text in
        if let seconds = Self.duration(text) { return end.addingTimeInterval(-seconds) }
        guard let time = Self.time(text) else { throw AnalyticsReportError.badSince(text) }
        return time
      } ?? end.addingTimeInterval(-defaultLength)
    guard start < end else { throw AnalyticsReportError.emptyPeriod(since: start, until: end) }
    return AnalyticsPeriod(since: start, until: end)
  }

  /// The first bucket counted and the bucket start past the last (for `AnalyticsStore.analytics`).
  public var buckets: (from: Int64, to: Int64) {
    (AnalyticsBuckets.bucket(since), AnalyticsBuckets.bucket(until) + AnalyticsBuckets.seconds)
  }

  /// Seconds of a duration such as `90s`, `30m`, `24h`, `7d` (a positive whole number and a unit).
  public static func duration(_ text: String) -> Double? {
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    guard let unit = text.last, let scale = units[unit], let value = Int(text.dropLast()), value > 0 else {
      return nil
    }
    return Double(value) * scale
  }

  /// A time in ISO 8601: `2026-12-06T10:00:00Z`, or with an offset, `2026-12-06T11:00:00+01:00` (or
  /// `+0100`), with or without fractional seconds.
  static func time(_ text: String) -> Date? {
    timeStyles.lazy.compactMap { try? $0.parse(text) }.first
  }

  private static let timeStyles: [Date.ISO8601FormatStyle] = [false, true].flatMap { fractions in
    [Date.ISO8601FormatStyle.TimeZoneSeparator.omitted, .colon].map {
      Date.ISO8601FormatStyle(timeZoneSeparator: $0, includingFractionalSeconds: fractions)
    }
  }
}

/// Why a report cannot be made (each front end words it: flags for the CLI, parameters for HTTP).
public enum AnalyticsReportError: Error, Equatable, Sendable {
  /// A start that is neither a duration nor a time.
  case badSince(String)
  /// An end that is not a time.
  case badUntil(String)
  /// A start at or after the end.
  case emptyPeriod(since: Date, until: Date)
  /// A site key no site has (or, reading a store alone, one the store never counted).
  case unknownSite(String)
}
