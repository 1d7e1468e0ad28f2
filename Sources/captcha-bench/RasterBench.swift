import CaptchaKit
import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Scan-converter benchmarks: median and minimum time per `Rasterizer.fill` for the reference
/// cases of the rasteriser issue, each printed next to its target, and the stress cases.
enum RasterBench {
  /// One polygon filled into a clip rectangle.
  struct Case {
    let label: String
    let polygon: FlattenedPath
    let rule: FillRule
    let clip: PixelRect
    let samples: Int
    let targetMicros: Double?
  }

  static func run() {
    print("raster (median / min per fill; targets from the rasteriser issue)")
    for c in cases() where c.label != pathCaseLabel {
      measure(c.label, targetMicros: c.targetMicros, samples: c.samples) {
        Rasterizer.fill(c.polygon, rule: c.rule, clip: c.clip)
      }
    }
    let piecePath = BenchShapes.jigsaw(x: 10, y: 10, size: 44)
    let clip64 = PixelRect(x: 0, y: 0, width: 64, height: 64)
    measure(pathCaseLabel, targetMicros: nil, samples: 4000) {
      // Built from constants; cannot fail.
      try! piecePath.fill(rule: .nonzero, clip: clip64)
    }
  }

  static let pathCaseLabel = "64x64 jigsaw piece via Path.fill (flatten at 0.1 px + fill)"

  /// The reference cases (the issue's three, then stress cases without a target).
  static func cases() -> [Case] {
    let piece = jigsawPiece(x: 10, y: 10, size: 44)
    var holed = FlattenedPath()
    holed.beginContour(Point(0, 0))
    holed.addPoint(Point(1920, 0))
    holed.addPoint(Point(1920, 1080))
    holed.addPoint(Point(0, 1080))
    let hole = jigsawPiece(x: 900.3, y: 480.6, size: 120)
    for k in 0..<hole.contourCount {
      let r = hole.contourRange(k)
      holed.beginContour(hole.points[r.lowerBound])
      for i in r.dropFirst() { holed.addPoint(hole.points[i]) }
    }
    let clip128 = PixelRect(x: 0, y: 0, width: 128, height: 128)
    let flower = closedOutline(segments: 10_000) { 44 + 16 * sin(12 * $0) }
    // Long edges that cross many rows and cells.
    let star = closedOutline(segments: 10_000) {
      $0.truncatingRemainder(dividingBy: 0.0013) < 0.00063 ? 62 : 30
    }
    // Self-crossing: 18 loops, each crossing its neighbours (about 600 crossings).
    let rosette = closedCurve(segments: 10_000) {
      Point(64 + 38 * cos($0) + 22 * cos(17 * $0), 64 + 38 * sin($0) - 22 * sin(17 * $0))
    }
    var state = SplitMix64(seed: 0x1234_5678)
    var random = FlattenedPath()
    for i in 0..<10_000 {
      let p = Point(unit(&state) * 128, unit(&state) * 128)
      if i == 0 { random.beginContour(p) } else { random.addPoint(p) }
    }
    return [
      Case(
        label: "64x64 jigsaw piece, nonzero (\(piece.points.count) points)", polygon: piece,
        rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: 64, height: 64), samples: 4000,
        targetMicros: 15),
      Case(
        label: "1920x1080 rectangle + puzzle hole, even-odd", polygon: holed, rule: .evenodd,
        clip: PixelRect(x: 0, y: 0, width: 1920, height: 1080), samples: 400, targetMicros: 150),
      Case(
        label: "10 000-segment polygon in 128x128 (flattened flower outline), nonzero",
        polygon: flower, rule: .nonzero, clip: clip128, samples: 400, targetMicros: 1000),
      Case(
        label: "10 000-segment self-crossing rosette in 128x128, nonzero", polygon: rosette,
        rule: .nonzero, clip: clip128, samples: 400, targetMicros: nil),
      Case(
        label: "10 000-segment self-crossing rosette in 128x128, even-odd", polygon: rosette,
        rule: .evenodd, clip: clip128, samples: 400, targetMicros: nil),
      Case(
        label: "stress: 10 000-segment spiky star in 128x128, even-odd", polygon: star,
        rule: .evenodd, clip: clip128, samples: 100, targetMicros: nil),
      Case(
        label: "stress: 10 000 random vertices in 128x128, nonzero", polygon: random,
        rule: .nonzero, clip: clip128, samples: 50, targetMicros: nil),
    ]
  }

  /// `captcha-bench --raster-shapes`: every case as one JSON line (label, rule, clip, contours
  /// as flat x, y lists), so another renderer can fill exactly the same polygons.
  static func printShapes() {
    for c in cases() {
      var contours: [String] = []
      for k in 0..<c.polygon.contourCount {
        let coords = c.polygon.contourRange(k).map { i -> String in
          let p = c.polygon.points[i]
          return "\(p.x),\(p.y)"
        }
        contours.append("[" + coords.joined(separator: ",") + "]")
      }
      let rule = c.rule == .evenodd ? "evenodd" : "nonzero"
      print(
        "{\"label\": \"\(c.label)\", \"rule\": \"\(rule)\", \"clip\": [\(c.clip.x), \(c.clip.y), "
          + "\(c.clip.width), \(c.clip.height)], \"contours\": [\(contours.joined(separator: ","))]}"
      )
    }
  }

  /// A closed outline around (64, 64) with radius r(θ), as `segments` straight segments.
  static func closedOutline(segments n: Int, radius: (Double) -> Double) -> FlattenedPath {
    var f = FlattenedPath()
    for k in 0..<n {
      let a = Double(k) * 2 * Double.pi / Double(n)
      let r = radius(a)
      let p = Point(64 + r * cos(a), 64 + r * sin(a))
      if k == 0 { f.beginContour(p) } else { f.addPoint(p) }
    }
    return f
  }

  /// A closed curve p(t), t in [0, 2π), as `segments` straight segments.
  static func closedCurve(segments n: Int, _ p: (Double) -> Point) -> FlattenedPath {
    var f = FlattenedPath()
    for k in 0..<n {
      let q = p(Double(k) * 2 * Double.pi / Double(n))
      if k == 0 { f.beginContour(q) } else { f.addPoint(q) }
    }
    return f
  }

  /// When set, only cases whose label contains this text run (for profiling one case).
  static let only = ProcessInfo.processInfo.environment["CAPTCHA_BENCH_ONLY"]

  /// Times `body` `samples` times (after a warm-up) and prints median and minimum.
  static func measure(
    _ label: String, targetMicros: Double?, samples: Int, _ body: () -> CoverageMask
  ) {
    if let only, !label.contains(only) { return }
    var checksum = 0
    for _ in 0..<max(3, samples / 20) { checksum &+= body().data.count }
    var times: [Double] = []
    times.reserveCapacity(samples)
    for _ in 0..<samples {
      let t0 = DispatchTime.now().uptimeNanoseconds
      let m = body()
      let t1 = DispatchTime.now().uptimeNanoseconds
      checksum &+= m.data.count
      times.append(Double(t1 - t0) / 1000)
    }
    times.sort()
    let median = times[times.count / 2]
    var line = "  \(label): median \(fmt(median)) us, min \(fmt(times[0])) us"
    if let target = targetMicros {
      line += " (target <= \(fmt(target)) us: \(median <= target ? "ok" : "OVER TARGET"))"
    }
    print(line)
    if checksum == 42 { print("") }  // keeps the results alive
  }

  static func fmt(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return String(r)
  }

  /// A draw in [0, 1) from the library's SplitMix64.
  static func unit(_ rng: inout SplitMix64) -> Double {
    Double(rng.next() >> 11) / Double(1 << 53)
  }

  /// A classic jigsaw piece (tabs out on top and right, a slot in the bottom, flat left): 12
  /// cubics, flattened to 0.1 px.
  static func jigsawPiece(x: Double, y: Double, size s: Double) -> FlattenedPath {
    // The shape is built from constants; flattening it cannot fail.
    try! BenchShapes.jigsaw(x: x, y: y, size: s).flattened(tolerance: 0.1)
  }
}
