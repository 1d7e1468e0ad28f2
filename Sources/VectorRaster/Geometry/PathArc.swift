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

extension Path {
  /// The pen position after the last element: the end of the last segment, or the start of the
  /// last contour after `close`; nil for an empty path (drawing then starts at the origin).
  public var currentPoint: Point? {
    guard let last = elements.last else { return nil }
    switch last {
    case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
    case .close:
      for el in elements.reversed() {
        if case .move(let p) = el { return p }
      }
      return .zero
    }
  }

  /// Appends an SVG elliptical arc from the current point to `end`, as cubic Béziers.
  ///
  /// Follows the SVG 2 implementation notes (appendix F.6): negative radii are made positive,
  /// radii too small to reach `end` are scaled up until they just do, a zero radius draws a
  /// straight line, and an arc ending where it starts draws nothing. The arc is split into equal
  /// pieces of at most 90°, each one cubic whose ends and midpoint lie on the ellipse; large
  /// ellipses get more, shorter pieces so no cubic strays more than `ArcConversion.tolerance`
  /// (0.01 user units) from the true arc. `xAxisRotation` is in degrees. If the arc is so large
  /// that its construction overflows `Double`, a straight line is drawn instead.
  public mutating func arc(
    to end: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double, largeArc: Bool,
    sweep: Bool
  ) {
    var els: [Element] = []
    ArcConversion.append(
      from: currentPoint ?? .zero, to: end, radiusX: radiusX, radiusY: radiusY,
      xAxisRotation: xAxisRotation, largeArc: largeArc, sweep: sweep, into: &els)
    append(Path(elements: els))
  }
}

/// SVG endpoint-parameterised arcs to cubic Béziers (SVG 2, appendix F.6.5–F.6.6).
///
/// The centre construction is done on the unit circle (coordinates divided by the radii), which
/// is algebraically the F.6.5 formula but never squares a radius, so radii up to the largest
/// `Double` work. Each cubic's control points are offsets from its own end points along the
/// tangents, so an almost flat arc of a huge ellipse stays accurate near its ends.
enum ArcConversion {
  /// Largest distance, in user units, between an arc and the cubics that replace it.
  static let tolerance = 0.01

  /// Most cubics per 90° of arc (reached from a radius of about 1.4·10⁸ up).
  static let maxPiecesPerQuarter = 16

  /// Cubics needed per 90° so that an ellipse whose larger radius is `radius` is followed within
  /// `tolerance`. A cubic spanning θ ≤ 90° of the unit circle, with handles 4/3·tan(θ/4), strays
  /// at most 2.7253·10⁻⁴·(θ/90°)⁶ from it (measured), and an ellipse arc is an affine image of a
  /// circle arc, so its cubic strays at most the larger radius times that.
  static func piecesPerQuarter(radius: Double) -> Int {
    let quarterError = 2.73e-4 * radius
    guard quarterError > tolerance else { return 1 }
    let n = pow(quarterError / tolerance, 1.0 / 6.0).rounded(.up)
    return n < Double(maxPiecesPerQuarter) ? Int(n) : maxPiecesPerQuarter
  }

  static func append(
    from start: Point, to end: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double,
    largeArc: Bool, sweep: Bool, into out: inout [Path.Element]
  ) {
    if start == end { return }
    var rx = abs(radiusX)
    var ry = abs(radiusY)
    // Radii that are zero or not finite, or an end point that is not (relative coordinates
    // can sum to infinity), make the arc a line: no angle can be found from them.
    guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, xAxisRotation.isFinite, start.isFinite,
      end.isFinite
    else {
      out.append(.line(end))
      return
    }
    let phi = xAxisRotation.truncatingRemainder(dividingBy: 360) * .pi / 180
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)

    // F.6.5 step 1: half the chord, in the ellipse's own axes.
    let hx = (start.x - end.x) / 2
    let hy = (start.y - end.y) / 2
    let x1p = cosPhi * hx + sinPhi * hy
    let y1p = -sinPhi * hx + cosPhi * hy

    // The same on the unit circle; F.6.6 Λ is its squared length.
    var ux0 = x1p / rx
    var uy0 = y1p / ry
    let lambda = ux0 * ux0 + uy0 * uy0
    var coef = 0.0
    if !(lambda <= 1) {
      // F.6.6: radii too small (or overflowing Λ): scale them, keeping their ratio, until the
      // ellipse just reaches; the centre is then the chord's midpoint.
      let ratio = rx / ry
      rx = hypot(x1p, y1p * ratio)
      ry = rx / ratio
      ux0 = x1p / rx
      uy0 = y1p / ry
    } else if lambda > 0 {
      // F.6.5 step 2 divided through by rx²·ry²: the centre is coef·(uy0, −ux0) on the unit circle.
      coef = ((1 - lambda) / lambda).squareRoot()
      if largeArc == sweep { coef = -coef }
    } else {
      out.append(.line(end))  // chord too short to resolve against the radii: a line
      return
    }

    // Step 4: start angle and sweep, from the centre to the start and end on the unit circle.
    let ux = ux0 - coef * uy0
    let uy = uy0 + coef * ux0
    let vx = -ux0 - coef * uy0
    let vy = -uy0 + coef * ux0
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }

    // Step 3: the centre in user space (needed only for points between cubics).
    let cxp = rx * coef * uy0
    let cyp = -ry * coef * ux0
    let cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
    let cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2

    let perQuarter = Double(piecesPerQuarter(radius: Swift.max(rx, ry)))
    let count = Swift.max(1, Int((abs(delta) / (.pi / 2) * perQuarter - 1e-9).rounded(.up)))
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    /// The ellipse point at angle θ, or (tangent) its derivative; unit circle → user space.
    func map(_ x: Double, _ y: Double) -> Point {
      Point(rx * cosPhi * x - ry * sinPhi * y, rx * sinPhi * x + ry * cosPhi * y)
    }
    var pieces: [Path.Element] = []
    pieces.reserveCapacity(count)
    var p0 = start
    var a = theta1
    for i in 0..<count {
      let last = i == count - 1
      let b = last ? theta1 + delta : a + step
      let p3 = last ? end : Point(cx, cy) + map(cos(b), sin(b))
      let c1 = p0 + map(-sin(a), cos(a)) * k
      let c2 = p3 - map(-sin(b), cos(b)) * k
      guard c1.isFinite, c2.isFinite, p3.isFinite else {
        out.append(.line(end))  // the construction overflowed Double: degrade to the chord
        return
      }
      pieces.append(.cubic(c1, c2, p3))
      p0 = p3
      a = b
    }
    out.append(contentsOf: pieces)
  }
}
