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

/// Scan-converter benchmarks: median and minimum time per `Rasterizer.fill` for the three
/// reference cases, each printed next to its target.
enum RasterBench {
  static func run() {
    print("raster (median / min per fill; targets from the rasteriser issue)")
    let piece = jigsawPiece(x: 10, y: 10, size: 44)
    measure(
      "64x64 jigsaw piece, nonzero (\(piece.points.count) points)", targetMicros: 15,
      samples: 4000
    ) {
      Rasterizer.fill(piece, rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))
    }

    let piecePath = BenchShapes.jigsaw(x: 10, y: 10, size: 44)
    measure("64x64 jigsaw piece via Path.fill (flatten at 0.1 px + fill)", targetMicros: nil, samples: 4000) {
      // Built from constants; cannot fail.
      try! piecePath.fill(rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))
    }

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
    measure("1920x1080 rectangle + puzzle hole, even-odd", targetMicros: 150, samples: 400) {
      Rasterizer.fill(
        holed, rule: .evenodd, clip: PixelRect(x: 0, y: 0, width: 1920, height: 1080))
    }

    let clip128 = PixelRect(x: 0, y: 0, width: 128, height: 128)
    let flower = closedOutline(segments: 10_000) { 44 + 16 * sin(12 * $0) }
    measure(
      "10 000-segment polygon in 128x128 (flattened flower outline), nonzero", targetMicros: 1000,
      samples: 400
    ) {
      Rasterizer.fill(flower, rule: .nonzero, clip: clip128)
    }
    // Stress cases without a target: long edges that cross many rows and cells.
    let star = closedOutline(segments: 10_000) {
      $0.truncatingRemainder(dividingBy: 0.0013) < 0.00063 ? 62 : 30
    }
    measure("stress: 10 000-segment spiky star in 128x128, even-odd", targetMicros: nil, samples: 100) {
      Rasterizer.fill(star, rule: .evenodd, clip: clip128)
    }
    var state = SplitMix64(seed: 0x1234_5678)
    var random = FlattenedPath()
    for i in 0..<10_000 {
      let p = Point(unit(&state) * 128, unit(&state) * 128)
      if i == 0 { random.beginContour(p) } else { random.addPoint(p) }
    }
    measure("stress: 10 000 random vertices in 128x128, nonzero", targetMicros: nil, samples: 50) {
      Rasterizer.fill(random, rule: .nonzero, clip: clip128)
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
