/// The Prometheus text exposition (version 0.0.4) of the service's metrics, one family after another.
public struct PrometheusText {
  /// The media type `/metrics` answers with.
  public static let mediaType = "text/plain; version=0.0.4; charset=utf-8"

  var text = ""

  /// Adds a metric family: its help line, its type and one sample per label set.
  mutating func family(
    _ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: Double)]
  ) {
    text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    for sample in samples {
      text += "\(name){\(sample.labels)} \(Self.number(sample.value))\n"
    }
  }

  /// A sample's value: whole numbers without a fraction.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// A label value with `\`, `"` and newlines escaped.
  static func escaped(_ value: String) -> String {
    value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
  }

  /// `kind="slide"` and any further labels.
  static func labels(kind: String, _ more: String = "") -> String {
    "kind=\"\(kind)\"" + (more.isEmpty ? "" : "," + more)
  }
}

extension ChallengeService {
  /// Every metric in the Prometheus text format: pool depth, capacity and refills (per kind in the
  /// offered order, then the pools of sites with a look of their own, labelled `site`, and `look` in
  /// a look experiment), and the
  /// issued, verified and expired counters, per kind; then this process's share of the funnel per site,
  /// kind, look and audience (`PrometheusText.analytics`).
  public func metricsText() async -> String {
    var pools: [(labels: String, depth: Int, capacity: Int, refilled: Int, seconds: Double, empty: Int)] = []
    let sitePools = self.pools.sitePools.flatMap { site in
      site.pools.map { ("site=\"\(site.site)\"" + (site.look.map { ",look=\"\($0)\"" } ?? ""), $0) }
    }
    for (more, pool) in puzzleKinds.compactMap({ pool($0) }).map({ ("", $0) }) + sitePools {
      pools.append(
        (
          PrometheusText.labels(kind: pool.kind, more), await pool.depth, pool.capacity, await pool.refilled,
          await pool.refillSeconds, await pool.emptyTakes
        ))
    }
    let counts = kinds.map { (kind: $0.name, counts: metrics.counts(of: $0.name)) }
    var out = PrometheusText()
    out.family(
      "captcha_pool_depth", "gauge", "Ready-made challenges waiting in the pool.",
      pools.map { ($0.labels, Double($0.depth)) })
    out.family(
      "captcha_pool_capacity", "gauge", "How many challenges the pool keeps ready (--pool).",
      pools.map { ($0.labels, Double($0.capacity)) })
    out.family(
      "captcha_pool_refilled_total", "counter",
      "Challenges made by the background refill (its rate is the refill rate).",
      pools.map { ($0.labels, Double($0.refilled)) })
    out.family(
      "captcha_pool_refill_seconds_total", "counter",
      "Seconds the refill spent drawing and encoding challenges.",
      pools.map { ($0.labels, $0.seconds) })
    out.family(
      "captcha_pool_empty_total", "counter",
      "Requests that found the pool empty and waited for a challenge to be made.",
      pools.map { ($0.labels, Double($0.empty)) })
    out.family(
      "captcha_challenges_issued_total", "counter", "Challenges issued.",
      counts.map { (PrometheusText.labels(kind: $0.kind), Double($0.counts.issued)) })
    out.family(
      "captcha_challenges_verified_total", "counter",
      "Challenges verified, by result (each verifies at most once).",
      counts.flatMap {
        [
          (PrometheusText.labels(kind: $0.kind, "result=\"pass\""), Double($0.counts.passed)),
          (PrometheusText.labels(kind: $0.kind, "result=\"fail\""), Double($0.counts.failed)),
        ]
      })
    out.family(
      "captcha_challenges_expired_total", "counter",
      "Challenges that expired unverified (counted when swept).",
      counts.map { (PrometheusText.labels(kind: $0.kind), Double($0.counts.expired)) })
    out.analytics(analyticsTotals)
    return out.text
  }
}
