import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// One marker's shape: a path in the unit box (−1…1, y down) and its fill rule. The board draws it
/// filled, the hint outlined; both use the same shape, only turned and scaled differently.
struct PatternIcon: Sendable {
  var path: Path
  var rule: FillRule
  /// The index of its family in `PatternIconFamily.all` (set by `PatternIconFamily.draw`).
  var family = -1

  init(_ path: Path, rule: FillRule = .nonzero) {
    self.path = path
    self.rule = rule
  }
}

/// A family of icons: one kind of figure whose proportions are drawn per captcha (a star's point
/// count and depth, a ring's hole, an arrow's shaft). Families never appear in any file a client
/// sees; they exist so no two markers on a board share a figure.
struct PatternIconFamily: Sendable {
  var name: String
  var make: @Sendable (inout Xoshiro256StarStar) -> PatternIcon

  /// Every family: the basic figures first, then the pictograms.
  static let all: [PatternIconFamily] = basic + pictograms

  /// Draws `count` distinct families, none of them in `excluding`, and one icon of each, with a
  /// random aspect stretch.
  static func draw(_ count: Int, excluding: Set<Int> = [], rng: inout Xoshiro256StarStar) -> [PatternIcon] {
    var pool = all.indices.filter { !excluding.contains($0) }
    var icons: [PatternIcon] = []
    for _ in 0..<min(count, pool.count) {
      let index = pool.remove(at: Int(rng.next(below: UInt64(pool.count))))
      var icon = all[index].make(&rng)
      icon.family = index
      let stretch = rng.nextDouble(in: 0.85, 1.0)
      icon.path = icon.path.transformed(by: .scale(rng.next(below: 2) == 0 ? stretch : 1, 1))
      icons.append(icon)
    }
    return icons
  }
}
