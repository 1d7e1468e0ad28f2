import Foundation

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
  /// pieces of at most 90°, each approximated by one cubic whose midpoint and ends lie on the
  /// ellipse (radial error ≤ 2.8·10⁻⁴ × radius). `xAxisRotation` is in degrees. If the arc is so
  /// large that its construction overflows `Double`, a straight line is drawn instead.
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
enum ArcConversion {
  static func append(
    from start: Point, to end: Point, radiusX: Double, radiusY: Double, xAxisRotation: Double,
    largeArc: Bool, sweep: Bool, into out: inout [Path.Element]
  ) {
    if start == end { return }
    var rx = abs(radiusX)
    var ry = abs(radiusY)
    if !(rx > 0 && ry > 0) || !rx.isFinite || !ry.isFinite || !xAxisRotation.isFinite {
      out.append(.line(end))
      return
    }
    let phi = xAxisRotation.truncatingRemainder(dividingBy: 360) * .pi / 180
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)

    // F.6.5 step 1: the midpoint-relative start point in the ellipse's own axes.
    let hx = (start.x - end.x) / 2
    let hy = (start.y - end.y) / 2
    let x1p = cosPhi * hx + sinPhi * hy
    let y1p = -sinPhi * hx + cosPhi * hy

    // F.6.6: scale the radii up if the ellipse cannot reach the end point.
    var coef = 0.0
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lambda > 1 {
      let s = lambda.squareRoot()
      rx *= s
      ry *= s
    } else {
      // F.6.5 step 2: the centre in the ellipse's axes.
      let rx2 = rx * rx
      let ry2 = ry * ry
      let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
      let den = rx2 * y1p * y1p + ry2 * x1p * x1p
      coef = Swift.max(0, num / den).squareRoot()
      if largeArc == sweep { coef = -coef }
    }
    let cxp = coef * rx * y1p / ry
    let cyp = -coef * ry * x1p / rx

    // Step 3: the centre in user space.
    let cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
    let cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2

    // Step 4: start angle and sweep on the unit circle.
    let ux = (x1p - cxp) / rx
    let uy = (y1p - cyp) / ry
    let vx = (-x1p - cxp) / rx
    let vy = (-y1p - cyp) / ry
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }

    guard cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite, delta.isFinite, theta1.isFinite
    else {
      out.append(.line(end))
      return
    }

    let count = Swift.max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    // Maps a point of the unit circle (plus tangent offsets) onto the ellipse.
    func map(_ x: Double, _ y: Double) -> Point {
      Point(cx + rx * cosPhi * x - ry * sinPhi * y, cy + rx * sinPhi * x + ry * cosPhi * y)
    }
    var a = theta1
    var cosA = cos(a)
    var sinA = sin(a)
    for i in 0..<count {
      let b = i == count - 1 ? theta1 + delta : a + step
      let cosB = cos(b)
      let sinB = sin(b)
      let c1 = map(cosA - k * sinA, sinA + k * cosA)
      let c2 = map(cosB + k * sinB, sinB - k * cosB)
      let p = i == count - 1 ? end : map(cosB, sinB)
      if !c1.isFinite || !c2.isFinite || !p.isFinite {
        out.append(.line(end))
        return
      }
      out.append(.cubic(c1, c2, p))
      a = b
      cosA = cosB
      sinA = sinB
    }
  }
}
