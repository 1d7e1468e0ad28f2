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

/// Why a report cannot be made (each front end words it: flags for the CLI, parameters for HTTP). A
/// struct over a private list of reasons, so that a new reason is no source break for code that
/// reads these: compare `code` with the static members (`error.code == .badSince`), or the whole
/// error with one (`error == .unknownSite("k")`).
public struct AnalyticsReportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which refusal it is; more may come.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case badSince, badUntil, emptyPeriod, unknownSite
    }
    private let value: Value

    /// A start that is neither a duration nor a time.
    public static let badSince = Code(value: .badSince)
    /// An end that is not a time.
    public static let badUntil = Code(value: .badUntil)
    /// A start at or after the end.
    public static let emptyPeriod = Code(value: .emptyPeriod)
    /// A site key no site has (or, reading a store alone, one the store never counted).
    public static let unknownSite = Code(value: .unknownSite)

    public var description: String { value.rawValue }
  }

  private enum Reason: Equatable, Sendable {
    case badSince(String)
    case badUntil(String)
    case emptyPeriod(since: Date, until: Date)
    case unknownSite(String)
  }

  private let reason: Reason

  private init(_ reason: Reason) { self.reason = reason }

  /// A start that is neither a duration nor a time.
  public static func badSince(_ text: String) -> Self { Self(.badSince(text)) }
  /// An end that is not a time.
  public static func badUntil(_ text: String) -> Self { Self(.badUntil(text)) }
  /// A start at or after the end.
  public static func emptyPeriod(since: Date, until: Date) -> Self {
    Self(.emptyPeriod(since: since, until: until))
  }
  /// A site key no site has (or, reading a store alone, one the store never counted).
  public static func unknownSite(_ sitekey: String) -> Self { Self(.unknownSite(sitekey)) }

  /// Which refusal this is.
  public var code: Code {
    switch reason {
    case .badSince: return .badSince
    case .badUntil: return .badUntil
    case .emptyPeriod: return .emptyPeriod
    case .unknownSite: return .unknownSite
    }
  }

  /// The text refused as a start (`.badSince`) or an end (`.badUntil`); nil otherwise.
  public var refusedText: String? {
    switch reason {
    case .badSince(let text), .badUntil(let text): return text
    default: return nil
    }
  }

  /// The start and end of an empty period (`.emptyPeriod`); nil otherwise.
  public var emptyPeriod: AnalyticsPeriod? {
    if case .emptyPeriod(let since, let until) = reason { return AnalyticsPeriod(since: since, until: until) }
    return nil
  }

  /// The site key no site has (`.unknownSite`); nil otherwise.
  public var sitekey: String? {
    if case .unknownSite(let sitekey) = reason { return sitekey }
    return nil
  }

  /// The refusal in plain words, for logs and library users (each front end words it itself).
  public var description: String {
    switch reason {
    case .badSince(let text): return "the start \"\(text)\" is neither a duration nor a time"
    case .badUntil(let text): return "the end \"\(text)\" is not a time"
    case .emptyPeriod(let since, let until):
      return
        "the period is empty: its start (\(AnalyticsReport.timeText(since))) must come before its end "
        + "(\(AnalyticsReport.timeText(until)))"
    case .unknownSite(let sitekey): return "site \"\(sitekey)\" is unknown here"
    }
  }
}
