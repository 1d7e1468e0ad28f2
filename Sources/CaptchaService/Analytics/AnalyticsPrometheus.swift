extension PrometheusText {
  /// The funnel's families (docs/analytics.md, "Prometheus"): labels site, kind, look and audience,
  /// plus the outcome, reason, code, level or histogram bound; never an address or an id.
  mutating func analytics(_ totals: AnalyticsTotals) {
    let snapshot = totals.snapshot()
    func labels(_ key: AnalyticsLabels, _ more: [(String, String)] = []) -> String {
      ([("site", key.site), ("kind", key.kind), ("look", key.look), ("audience", key.audience.rawValue)]
        + more)
        .map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",")
    }
    func summed(_ metrics: Set<AnalyticsMetric>, detail: String?) -> [(labels: String, value: Double)] {
      var sums: [String: Double] = [:]
      for (key, count) in snapshot where metrics.contains(key.metric) {
        let more = detail.map { [($0, key.detail)] } ?? [("outcome", key.metric.rawValue)]
        sums[labels(key.labels, more), default: 0] += Double(count)
      }
      return sums.keys.sorted().map { ($0, sums[$0]!) }
    }
    family(
      "captcha_funnel_total", "counter",
      "The funnel: challenges issued, shown, attempted, passed first or later, failed, abandoned; tokens; siteverify outcomes.",
      summed(
        [
          .issued, .shown, .attempted, .passedFirst, .passedLater, .failed, .abandoned, .tokens,
          .siteverifySuccess,
          .siteverifyFailure,
        ], detail: nil))
    family(
      "captcha_funnel_attempted_total", "counter", "Answers judged, by attempt on the page (first, later).",
      summed([.attempted], detail: "attempt"))
    family(
      "captcha_funnel_failed_total", "counter", "Answers that failed, by reason code.",
      summed([.failed], detail: "reason"))
    family(
      "captcha_funnel_siteverify_failed_total", "counter", "Siteverify calls that failed, by error code.",
      summed([.siteverifyFailure], detail: "code"))
    family(
      "captcha_funnel_level_total", "counter", "Challenges issued, by proof-of-work level.",
      summed([.level], detail: "level"))
    histogram(
      "captcha_solve_ms", "Milliseconds from the pictures on screen to the answer.", .solveMs,
      bounds: AnalyticsBuckets.solveMs, snapshot, totals, labels: { labels($0) })
    histogram(
      "captcha_pow_ms", "Milliseconds the proof of work took in the browser.", .powMs,
      bounds: AnalyticsBuckets.powMs, snapshot, totals, labels: { labels($0) })
  }

  /// A histogram family: cumulative `_bucket`s with `le`, `_sum` and `_count`, per label set.
  private mutating func histogram(
    _ name: String, _ help: String, _ metric: AnalyticsMetric, bounds: [Int],
    _ snapshot: [AnalyticsCounterKey: Int64], _ totals: AnalyticsTotals, labels: (AnalyticsLabels) -> String
  ) {
    var byLabels: [AnalyticsLabels: [String: Int64]] = [:]
    for (key, count) in snapshot where key.metric == metric {
      byLabels[key.labels, default: [:]][key.detail] = count
    }
    text += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
    for key in byLabels.keys.sorted() {
      let counts = byLabels[key]!
      var cumulative: Int64 = 0
      let base = labels(key)
      for bound in bounds {
        cumulative += counts[String(bound)] ?? 0
        text += "\(name)_bucket{\(base),le=\"\(bound)\"} \(cumulative)\n"
      }
      cumulative += counts[AnalyticsBuckets.infinity] ?? 0
      text += "\(name)_bucket{\(base),le=\"+Inf\"} \(cumulative)\n"
      text += "\(name)_sum{\(base)} \(Self.number(totals.sum(key, metric)))\n"
      text += "\(name)_count{\(base)} \(cumulative)\n"
    }
  }
}
