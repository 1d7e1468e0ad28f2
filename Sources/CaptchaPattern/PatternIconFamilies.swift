import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The basic figures: polygons, stars, rings, crosses and blocks.
extension PatternIconFamily {
  typealias G = IconGeometry

  static let basic: [PatternIconFamily] = [
    PatternIconFamily(name: "triangle") { rng in
      let w = rng.nextDouble(in: 0.85, 1.05)
      return PatternIcon(G.polygon([Point(0, -1), Point(w, 0.75), Point(-w, 0.75)]))
    },
    PatternIconFamily(name: "rounded-square") { rng in
      let h = 0.8
      let r = rng.nextDouble(in: 0.08, 0.3)
      var pts: [Point] = []
      for (k, c) in [Point(h - r, -h + r), Point(h - r, h - r), Point(-h + r, h - r), Point(-h + r, -h + r)]
        .enumerated()
      {
        pts += G.arc(c, r, from: -90 + 90 * Double(k), to: 90 * Double(k), steps: 6)
      }
      return PatternIcon(G.polygon(pts))
    },
    PatternIconFamily(name: "pentagon") { _ in PatternIcon(G.polygon(G.regular(5))) },
    PatternIconFamily(name: "ring") { rng in
      var p = G.circle(.zero, 1)
      p.append(G.circle(.zero, rng.nextDouble(in: 0.42, 0.58)))
      return PatternIcon(p, rule: .evenodd)
    },
    PatternIconFamily(name: "star") { rng in
      PatternIcon(G.polygon(G.star(5 + Int(rng.next(below: 2)), inner: rng.nextDouble(in: 0.38, 0.5))))
    },
    PatternIconFamily(name: "plus") { rng in
      let a = rng.nextDouble(in: 0.28, 0.42)
      return PatternIcon(
        G.polygon([
          Point(-a, -1), Point(a, -1), Point(a, -a), Point(1, -a), Point(1, a), Point(a, a), Point(a, 1),
          Point(-a, 1), Point(-a, a), Point(-1, a), Point(-1, -a), Point(-a, -a),
        ]))
    },
    PatternIconFamily(name: "rhombus") { rng in
      let w = rng.nextDouble(in: 0.48, 0.62)
      return PatternIcon(G.polygon([Point(0, -1), Point(w, 0), Point(0, 1), Point(-w, 0)]))
    },
    PatternIconFamily(name: "square-frame") { rng in
      var p = G.polygon([Point(-0.85, -0.85), Point(0.85, -0.85), Point(0.85, 0.85), Point(-0.85, 0.85)])
      let i = rng.nextDouble(in: 0.4, 0.55)
      p.append(G.polygon([Point(-i, -i), Point(i, -i), Point(i, i), Point(-i, i)]))
      return PatternIcon(p, rule: .evenodd)
    },
    PatternIconFamily(name: "hourglass") { rng in
      let waist = rng.nextDouble(in: 0.08, 0.2)
      return PatternIcon(
        G.polygon([
          Point(-0.8, -1), Point(0.8, -1), Point(waist, 0), Point(0.8, 1), Point(-0.8, 1), Point(-waist, 0),
        ]))
    },
    PatternIconFamily(name: "chevron") { rng in
      let t = rng.nextDouble(in: 0.35, 0.5)
      return PatternIcon(
        G.polygon([
          Point(-1, -0.6), Point(0, 0.3), Point(1, -0.6), Point(1, -0.6 + t * 1.6), Point(0, 0.3 + t * 1.6),
          Point(-1, -0.6 + t * 1.6),
        ]))
    },
    PatternIconFamily(name: "t-block") { _ in
      PatternIcon(G.cells([(0, 0), (1, 0), (2, 0), (1, 1)], size: 0.62))
    },
  ]
}
