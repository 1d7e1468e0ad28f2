import CaptchaService
import Foundation

/// The operator's dashboard (`GET /admin/`): plain HTML and inline SVG made on the server from the
/// report and its timeline, styled by `/admin/dashboard.css`; no script, nothing from elsewhere. Per
/// site: the funnel, the report's rows as a table, the first-try pass rate and the median solve time
/// per kind and look over time, the proof-of-work levels over time and the siteverify outcomes.
enum DashboardPage {
  /// What one page shows.
  struct Content {
    var report: AnalyticsReport
    var timeline: AnalyticsTimeline
    /// Every site key, for the site picker.
    var sitekeys: [String]
    var site: String?
    var since: String
  }

  /// The whole page.
  static func html(_ content: Content) -> String {
    let period =
      "\(AnalyticsReport.timeText(content.report.period.since)) to \(AnalyticsReport.timeText(content.report.period.until))"
    var body = header(content) + "<main><p class=\"period\">Counts from \(escaped(period)) (UTC).</p>"
    if content.report.sites.isEmpty {
      body += "<p>Nothing was counted in this period.</p>"
    }
    for (number, site) in content.report.sites.enumerated() {
      body += section(site, number: number, timeline: content.timeline)
    }
    return page(title: "captcha-gen: analytics", body: body + "</main>")
  }

  /// The login form (a 401 page): the token goes into a cookie for `/admin/`.
  static func login(message: String?) -> String {
    let notice = message.map { "<p class=\"error\" role=\"alert\">\(escaped($0))</p>" } ?? ""
    return page(
      title: "captcha-gen: sign in",
      body: """
        <main class="login"><h1>captcha-gen analytics</h1>\(notice)
        <form method="post" action="/admin/login">
        <label for="token">Admin token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">Sign in</button>
        </form></main>
        """)
  }

  static func page(title: String, body: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title))</title><link rel="stylesheet" href="/admin/dashboard.css"></head>
    <body>\(body)</body></html>
    """
  }

  static func header(_ content: Content) -> String {
    let options = ([("", "every site")] + content.sitekeys.map { ($0, $0) }).map { value, label in
      "<option value=\"\(escaped(value))\"\(value == (content.site ?? "") ? " selected" : "")>\(escaped(label))</option>"
    }.joined()
    return """
      <header><h1>captcha-gen analytics</h1>
      <form method="get" action="/admin/" class="period-form">
      <label for="site">Site</label> <select id="site" name="site">\(options)</select>
      <label for="since">Since</label> <input id="since" name="since" value="\(escaped(content.since))" size="22">
      <button type="submit">Show</button></form>
      <form method="post" action="/admin/logout"><button type="submit">Sign out</button></form></header>
      """
  }

  static func section(_ site: AnalyticsReport.SiteFunnel, number: Int, timeline: AnalyticsTimeline) -> String
  {
    let id = "site\(number)"
    let people = site.rows.filter { $0.audience == .people }
    func total(_ metric: AnalyticsMetric) -> Int64 { people.reduce(0) { $0 + $1.total(metric) } }
    let funnel = DashboardCharts.bars(
      id: id + "-funnel", title: "Funnel of \(site.sitekey), people",
      [
        ("issued", total(.issued)), ("shown", total(.shown)), ("attempted", total(.attempted)),
        ("passed first try", total(.passedFirst)), ("passed later", total(.passedLater)),
        ("failed", total(.failed)), ("abandoned", total(.abandoned)), ("tokens", total(.tokens)),
        ("siteverify success", total(.siteverifySuccess)), ("siteverify failure", total(.siteverifyFailure)),
      ])
    let slices = timeline.slices.map { slice in
      (
        label: timeLabel(slice.start, timeline.sliceSeconds),
        rows: slice.report.sites.first { $0.sitekey == site.sitekey }?.rows ?? []
      )
    }
    let lines = people.map { row in (kind: row.kind, look: row.look) }
    func series(_ value: (AnalyticsReport.Funnel) -> Double?) -> [(name: String, values: [Double?])] {
      lines.map { line in
        (
          "\(line.kind) · \(line.look)",
          slices.map { slice in
            slice.rows.first { $0.kind == line.kind && $0.look == line.look && $0.audience == .people }
              .flatMap(value)
          }
        )
      }
    }
    let rate = DashboardCharts.lines(
      id: id + "-rate", title: "First-try pass rate of \(site.sitekey) per kind and look, people",
      xLabels: slices.map(\.label),
      series: series { row in
        let rate = row.firstTryRate.value; return rate.isNaN ? nil : rate
      }, maximum: 1,
      unit: { "\(Int(($0 * 100).rounded()))%" })
    let solve = DashboardCharts.lines(
      id: id + "-solve", title: "Median solve time of \(site.sitekey) per kind and look, people",
      xLabels: slices.map(\.label), series: series { $0.quantiles(.solveMs).map { $0.p50 / 1000 } },
      unit: { String(format: "%.1f s", $0) })
    let levelNames = Set(site.rows.flatMap { $0.counts[.level]?.keys ?? [:].keys }).sorted {
      (Int($0) ?? 0) < (Int($1) ?? 0)
    }
    let levels = DashboardCharts.lines(
      id: id + "-levels", title: "Challenges issued per proof-of-work level of \(site.sitekey)",
      xLabels: slices.map(\.label),
      series: levelNames.map { level in
        (
          "level \(level)",
          slices.map { slice in Double(slice.rows.reduce(0) { $0 + $1.count(.level, level) }) }
        )
      }, unit: { $0 == $0.rounded() ? String(Int($0)) : String(format: "%.1f", $0) })
    let siteverify = siteverifyOutcomes(site)
    return """
      <section aria-labelledby="\(id)"><h2 id="\(id)">Site \(escaped(site.sitekey))</h2>
      <h3>Funnel</h3>\(funnel)
      <h3>Per kind, look and audience</h3>\(table(site))
      <div class="charts"><div><h3>First-try pass rate over time</h3>\(rate)</div>
      <div><h3>Solve time over time</h3>\(solve)</div>
      <div><h3>Proof-of-work levels over time</h3>\(levels)</div>
      <div><h3>Siteverify outcomes</h3>\(siteverify)</div></div></section>
      """
  }

  static func siteverifyOutcomes(_ site: AnalyticsReport.SiteFunnel) -> String {
    var codes: [String: Int64] = [:]
    for row in site.rows {
      for (code, count) in row.counts[.siteverifyFailure] ?? [:] { codes[code, default: 0] += count }
    }
    let success = site.rows.reduce(0) { $0 + $1.total(.siteverifySuccess) }
    return DashboardCharts.bars(
      id: "sv-\(site.sitekey)", title: "Siteverify outcomes of \(site.sitekey)",
      [("success", success)] + codes.keys.sorted().map { ($0, codes[$0]!) })
  }

  /// The report's rows as a table (every figure a cell; `data-metric` names it).
  static func table(_ site: AnalyticsReport.SiteFunnel) -> String {
    let columns: [(String, AnalyticsMetric)] = [
      ("issued", .issued), ("shown", .shown), ("attempted", .attempted), ("passed first", .passedFirst),
      ("passed later", .passedLater), ("failed", .failed), ("abandoned", .abandoned), ("tokens", .tokens),
      ("siteverify success", .siteverifySuccess), ("siteverify failure", .siteverifyFailure),
    ]
    let head =
      "<tr><th scope=\"col\">kind</th><th scope=\"col\">look</th><th scope=\"col\">audience</th>"
      + columns.map { "<th scope=\"col\">\($0.0)</th>" }.joined()
      + "<th scope=\"col\">first-try rate (95%)</th><th scope=\"col\">solve p50 / p90</th></tr>"
    let rows = site.rows.map { row in
      let rate = row.firstTryRate
      let rateText =
        rate.value.isNaN
        ? "–" : "\(percent(rate.value)) (\(percent(rate.low))–\(percent(rate.high)))"
      let solve =
        row.quantiles(.solveMs).map { String(format: "%.1f / %.1f s", $0.p50 / 1000, $0.p90 / 1000) } ?? "–"
      return
        "<tr data-kind=\"\(escaped(row.kind))\" data-look=\"\(escaped(row.look))\" data-audience=\"\(row.audience.rawValue)\">"
        + "<th scope=\"row\">\(escaped(row.kind))</th><td>\(escaped(row.look))</td><td>\(row.audience.rawValue)</td>"
        + columns.map { "<td data-metric=\"\($0.1.rawValue)\">\(row.total($0.1))</td>" }.joined()
        + "<td data-metric=\"first_try_rate\">\(rateText)</td><td>\(solve)</td></tr>"
    }.joined()
    // The table scrolls sideways on a narrow screen: its box takes the focus, so a keyboard scrolls it.
    let caption = "Counts of \(escaped(site.sitekey)) in the period"
    return
      "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(caption)\"><table><caption>\(caption)</caption>"
      + "<thead>\(head)</thead><tbody>\(rows)</tbody></table></div>"
  }

  static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

  /// A slice's start: the time of day for slices under a day, else the date.
  static func timeLabel(_ date: Date, _ sliceSeconds: Int64) -> String {
    let text = AnalyticsReport.timeText(date)
    return sliceSeconds < 86400 ? String(text.dropFirst(11).prefix(5)) : String(text.prefix(10))
  }

  /// `text` safe inside HTML text and attribute values.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
