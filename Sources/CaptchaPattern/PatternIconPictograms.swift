import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The pictograms: figures with curves and holes (heart, moon, drop, cloud, eye…). Figures that
/// look alike at hint size are not among the families: round many-pointed ones (gear,
/// flower, burst), the hexagon (like the pentagon), the half-disc (like the pac and the crescent),
/// the keyhole (like the dumbbell), the house (like the arrow), the L-block (like the chevron) and
/// the S-block (like the bolt).
extension PatternIconFamily {
  static let pictograms: [PatternIconFamily] = [
    PatternIconFamily(name: "heart") { rng in
      let k = rng.nextDouble(in: 0.9, 1.1)
      let pts = (0..<72).map { i -> Point in
        let (s, c) = PortableMath.sinCos(degrees: 5 * Double(i))
        let (_, c2) = PortableMath.sinCos(degrees: 10 * Double(i))
        let (_, c3) = PortableMath.sinCos(degrees: 15 * Double(i))
        let (_, c4) = PortableMath.sinCos(degrees: 20 * Double(i))
        return Point(k * s * s * s, -(13 * c - 5 * c2 - 2 * c3 - c4) / 16 - 0.1)
      }
      return PatternIcon(G.polygon(pts))
    },
    PatternIconFamily(name: "crescent") { rng in
      let a = rng.nextDouble(in: 35, 55)
      let q = rng.nextDouble(in: -0.3, 0.2)
      var p = Path()
      let outer = G.arc(.zero, 1, from: a, to: 360 - a, steps: 40)
      p.move(to: outer[0])
      for pt in outer.dropFirst() { p.line(to: pt) }
      p.quad(to: outer[0], control: Point(q, 0))
      p.close()
      return PatternIcon(p)
    },
    PatternIconFamily(name: "arrow") { rng in
      let s = rng.nextDouble(in: 0.28, 0.42)
      let head = rng.nextDouble(in: -0.1, 0.15)
      return PatternIcon(
        G.polygon([
          Point(0, -1), Point(1, head), Point(s, head), Point(s, 1), Point(-s, 1), Point(-s, head),
          Point(-1, head),
        ]))
    },
    PatternIconFamily(name: "bolt") { rng in
      let j = rng.nextDouble(in: -0.1, 0.1)
      return PatternIcon(
        G.polygon([
          Point(0.2, -1), Point(-0.7, 0.15 + j), Point(-0.05, 0.15 + j), Point(-0.3, 1), Point(0.7, -0.2 + j),
          Point(0.05, -0.2 + j),
        ]))
    },
    PatternIconFamily(name: "drop") { rng in
      let r = rng.nextDouble(in: 0.55, 0.68)
      return PatternIcon(G.polygon([Point(0, -1)] + G.arc(Point(0, 1 - r), r, from: -30, to: 210, steps: 32)))
    },
    PatternIconFamily(name: "cloud") { rng in
      let b = rng.nextDouble(in: 0.4, 0.5)
      var p = G.circle(Point(-0.5, 0.1), b)
      p.append(G.circle(Point(0.05, -0.25), b + 0.12))
      p.append(G.circle(Point(0.55, 0.12), b - 0.05))
      p.append(G.polygon([Point(-0.5, 0.1), Point(0.55, 0.1), Point(0.55, 0.57), Point(-0.5, 0.57)]))
      return PatternIcon(p)
    },
    PatternIconFamily(name: "arch") { rng in
      let inner = rng.nextDouble(in: 0.4, 0.55)
      let outerArc = G.arc(Point(0, -0.1), 0.9, from: 180, to: 360, steps: 24)
      let innerArc = G.arc(Point(0, -0.1), inner, from: 360, to: 180, steps: 16)
      return PatternIcon(
        G.polygon(
          [Point(-0.9, 1)] + outerArc + [Point(0.9, 1), Point(inner, 1)] + innerArc + [Point(-inner, 1)]))
    },
    PatternIconFamily(name: "pac") { rng in
      let m = rng.nextDouble(in: 25, 40)
      return PatternIcon(G.polygon([Point(-0.15, 0)] + G.arc(.zero, 1, from: m, to: 360 - m, steps: 40)))
    },
    PatternIconFamily(name: "trefoil") { rng in
      let r = rng.nextDouble(in: 0.42, 0.5)
      var p = G.circle(.zero, 0.45)
      for k in 0..<3 { p.append(G.circle(G.polar(.zero, 1 - r, -90 + 120 * Double(k)), r)) }
      return PatternIcon(p)
    },
    PatternIconFamily(name: "eye") { rng in
      let h = rng.nextDouble(in: 0.85, 1.1)
      var p = Path()
      p.move(to: Point(-1, 0))
      p.quad(to: Point(1, 0), control: Point(0, -h))
      p.quad(to: Point(-1, 0), control: Point(0, h))
      p.close()
      p.append(G.circle(.zero, rng.nextDouble(in: 0.22, 0.3)))
      return PatternIcon(p, rule: .evenodd)
    },
    PatternIconFamily(name: "dumbbell") { rng in
      let r = rng.nextDouble(in: 0.32, 0.4)
      var p = G.circle(Point(-1 + r, 0), r)
      p.append(G.circle(Point(1 - r, 0), r))
      p.append(G.polygon([Point(-0.6, -0.12), Point(0.6, -0.12), Point(0.6, 0.12), Point(-0.6, 0.12)]))
      return PatternIcon(p)
    },
    PatternIconFamily(name: "leaf") { rng in
      let w = rng.nextDouble(in: 0.5, 0.7)
      var p = Path()
      p.move(to: Point(0, -1))
      p.quad(to: Point(0, 0.6), control: Point(w * 1.6, -0.2))
      p.quad(to: Point(0, -1), control: Point(-w * 1.6, -0.2))
      p.close()
      p.append(G.polygon([Point(-0.06, 0.4), Point(0.06, 0.4), Point(0.06, 1), Point(-0.06, 1)]))
      return PatternIcon(p)
    },
  ]
}
