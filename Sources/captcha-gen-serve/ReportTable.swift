import Foundation

/// The report's JSON as a table for a person: one line per site, kind, look and audience.
enum ReportTable {
  /// The report's JSON shape (docs/analytics.md), as far as the table shows it.
  struct Report: Decodable {
    var since: String
    var until: String
    var sites: [Site]
  }

  struct Site: Decodable {
    var sitekey: String
    var rows: [Row]
  }

  struct Row: Decodable {
    var kind: String
    var look: String
    var audience: String
    var issued: Int
    var shown: Int
    var attempted: Int
    var passedFirst: Int
    var passedLater: Int
    var failed: [String: Int]
    var abandoned: Int
    var tokens: Int
    var siteverifySuccess: Int
    var siteverifyFailure: [String: Int]
    var firstTryRate: Rate
    var solveMs: Quantiles

    enum CodingKeys: String, CodingKey {
      case kind, look, audience, issued, shown, attempted, failed, abandoned, tokens
      case passedFirst = "passed_first"
      case passedLater = "passed_later"
      case siteverifySuccess = "siteverify_success"
      case siteverifyFailure = "siteverify_failure"
      case firstTryRate = "first_try_rate"
      case solveMs = "solve_ms"
    }
  }

  struct Rate: Decodable {
    var value: Double?
    var low: Double?
    var high: Double?
  }

  struct Quantiles: Decodable {
    var p50: Int?
    var p90: Int?
  }

  static let header = [
    "site", "kind", "look", "audience", "issued", "shown", "tried", "1st", "later", "failed", "abandoned",
    "tokens", "sv ok", "sv fail", "first try (95%)", "solve p50/p90",
  ]

  /// The table of the report in `json`, with a line saying the period; throws when it is not a report.
  static func render(json: Data) throws -> String {
    let report = try JSONDecoder().decode(Report.self, from: json)
    var lines = [header]
    for site in report.sites {
      for row in site.rows {
        lines.append([
          site.sitekey, row.kind, row.look, row.audience, String(row.issued), String(row.shown),
          String(row.attempted), String(row.passedFirst), String(row.passedLater),
          String(row.failed.values.reduce(0, +)), String(row.abandoned), String(row.tokens),
          String(row.siteverifySuccess), String(row.siteverifyFailure.values.reduce(0, +)),
          rate(row.firstTryRate),
          row.solveMs.p50.map { "\(seconds($0))/\(seconds(row.solveMs.p90 ?? $0))" } ?? "-",
        ])
      }
    }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    let text = lines.map { cells in
      zip(cells, widths).enumerated().map { index, pair in
        index < 4 ? pad(pair.0, pair.1) : String(repeating: " ", count: pair.1 - pair.0.count) + pair.0
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    let empty = lines.count == 1 ? ["(nothing counted in this period)"] : []
    return (["\(report.since) to \(report.until)"] + text + empty).joined(separator: "\n") + "\n"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// `81% (62–93)`, or `-` without first attempts.
  static func rate(_ rate: Rate) -> String {
    guard let value = rate.value, let low = rate.low, let high = rate.high else { return "-" }
    func percent(_ x: Double) -> String { String(Int((x * 100).rounded())) }
    return "\(percent(value))% (\(percent(low))–\(percent(high)))"
  }

  /// Milliseconds as seconds with one decimal.
  static func seconds(_ milliseconds: Int) -> String {
    String(format: "%.1fs", Double(milliseconds) / 1000)
  }
}
