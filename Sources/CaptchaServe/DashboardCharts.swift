import Foundation

/// The dashboard's charts as inline SVG (no script, no style attribute: colours are presentation
/// attributes, so a strict Content-Security-Policy allows them). Each chart is an image to
/// assistive technology, named by its title and described by a sentence of its figures.
enum DashboardCharts {
  /// Distinct colours for series, in order (readable on white, apart for common colour blindness).
  static let palette = [
    "#1f77b4", "#d95f02", "#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#a6761d", "#666666",
  ]

  static let width = 640.0
  static let height = 220.0
  static let margin = (left: 56.0, right: 16.0, top: 12.0, bottom: 36.0)

  /// Horizontal bars, one per (label, value), with the value written beside each.
  static func bars(id: String, title: String, _ items: [(label: String, value: Int64)]) -> String {
    let rowHeight = 24.0
    let labelWidth = 150.0
    let chartHeight = Double(items.count) * rowHeight + 8
    let maximum = Double(max(items.map(\.value).max() ?? 0, 1))
    let description = items.map { "\($0.label) \($0.value)" }.joined(separator: ", ")
    var svg = open(id: id, title: title, description: description, height: chartHeight)
    for (index, item) in items.enumerated() {
      let y = Double(index) * rowHeight + 4
      let length = (width - labelWidth - 60) * Double(item.value) / maximum
      svg +=
        "<text x=\"\(labelWidth - 8)\" y=\"\(y + 16)\" text-anchor=\"end\">\(DashboardPage.escaped(item.label))</text>"
      svg +=
        "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(format(length))\" height=\"\(rowHeight - 8)\" fill=\"\(palette[0])\"/>"
      svg += "<text x=\"\(format(labelWidth + length + 6))\" y=\"\(y + 16)\">\(item.value)</text>"
    }
    return svg + "</svg>"
  }

  /// Lines over time: one per series (nil: no value in that slice, the line breaks), the x axis
  /// labelled with a few slice times, the y axis from 0 to `maximum` (nil: the largest value).
  static func lines(
    id: String, title: String, xLabels: [String], series: [(name: String, values: [Double?])],
    maximum: Double? = nil, unit: (Double) -> String
  ) -> String {
    let all = series.flatMap { $0.values.compactMap { $0 } }
    let top = max(maximum ?? (all.max() ?? 0), 1e-9)
    let plotWidth = width - margin.left - margin.right
    let plotHeight = height - margin.top - margin.bottom
    let step = xLabels.count > 1 ? plotWidth / Double(xLabels.count - 1) : 0
    func x(_ index: Int) -> Double { margin.left + Double(index) * step }
    func y(_ value: Double) -> Double { margin.top + plotHeight * (1 - value / top) }
    let description =
      series.isEmpty
      ? "no data in this period"
      : series.map { line in
        let known = line.values.compactMap { $0 }
        guard let last = known.last else { return "\(line.name): no data" }
        return "\(line.name): last \(unit(last)), from \(unit(known.min()!)) to \(unit(known.max()!))"
      }.joined(separator: "; ")
    var svg = open(id: id, title: title, description: description, height: height)
    for fraction in [0.0, 0.5, 1.0] {
      let value = top * fraction
      svg +=
        "<line x1=\"\(margin.left)\" x2=\"\(width - margin.right)\" y1=\"\(format(y(value)))\" y2=\"\(format(y(value)))\" stroke=\"#dddddd\"/>"
      svg +=
        "<text x=\"\(margin.left - 6)\" y=\"\(format(y(value) + 4))\" text-anchor=\"end\">\(DashboardPage.escaped(unit(value)))</text>"
    }
    let labelEvery = max(1, xLabels.count / 6)
    for (index, label) in xLabels.enumerated() where index % labelEvery == 0 {
      svg +=
        "<text x=\"\(format(x(index)))\" y=\"\(height - 12)\" text-anchor=\"middle\">\(DashboardPage.escaped(label))</text>"
    }
    for (number, line) in series.enumerated() {
      let colour = palette[number % palette.count]
      var path = ""
      var pen = false
      for (index, value) in line.values.enumerated() {
        guard let value else {
          pen = false
          continue
        }
        path += "\(pen ? "L" : "M")\(format(x(index))),\(format(y(value))) "
        pen = true
        svg += "<circle cx=\"\(format(x(index)))\" cy=\"\(format(y(value)))\" r=\"3\" fill=\"\(colour)\"/>"
      }
      if !path.isEmpty {
        svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
      }
    }
    svg += legend(series.map(\.name))
    return svg + "</svg>"
  }

  /// The series' names with their colours, above the plot.
  static func legend(_ names: [String]) -> String {
    var x = margin.left
    var svg = ""
    for (number, name) in names.enumerated() {
      svg +=
        "<rect x=\"\(format(x))\" y=\"0\" width=\"10\" height=\"10\" fill=\"\(palette[number % palette.count])\"/>"
      svg += "<text x=\"\(format(x + 14))\" y=\"9\">\(DashboardPage.escaped(name))</text>"
      x += 24 + Double(name.count) * 7
    }
    return svg
  }

  static func open(id: String, title: String, description: String, height: Double) -> String {
    "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(format(width)) \(format(height))\" aria-labelledby=\"\(id)-t \(id)-d\">"
      + "<title id=\"\(id)-t\">\(DashboardPage.escaped(title))</title>"
      + "<desc id=\"\(id)-d\">\(DashboardPage.escaped(description))</desc>"
  }

  static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
