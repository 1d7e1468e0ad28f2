#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The bounds analytics are kept in: five-minute time buckets, and the histograms' buckets (upper
/// bounds in milliseconds; a last bucket, `inf`, takes the rest), so a counter never grows a label
/// value of its own per request.
public enum AnalyticsBuckets {
  /// Seconds in one time bucket.
  public static let seconds: Int64 = 300

  /// Upper bounds of `solve_ms` (shown → answer), in milliseconds.
  public static let solveMs: [Int] = [1000, 2000, 3000, 5000, 8000, 13000, 20000, 30000, 60000]
  /// Upper bounds of `pow_ms` (the proof of work's solve time in the browser), in milliseconds.
  public static let powMs: [Int] = [100, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000]
  /// The detail of the last bucket of a histogram.
  public static let infinity = "inf"

  /// The start of the time bucket `date` falls in.
  public static func bucket(_ date: Date) -> Int64 {
    let t = Int64(date.timeIntervalSince1970.rounded(.down))
    return t - ((t % seconds) + seconds) % seconds
  }

  /// The detail of the histogram bucket `milliseconds` falls in (values below 0 count as 0).
  public static func histogramDetail(_ milliseconds: Double, bounds: [Int]) -> String {
    let value = max(milliseconds, 0)
    guard let bound = bounds.first(where: { value <= Double($0) }) else { return infinity }
    return String(bound)
  }
}
