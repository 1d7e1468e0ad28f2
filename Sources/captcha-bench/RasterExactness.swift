import CaptchaKit
import RasterReference

/// `captcha-bench --raster-exact [SEED] [COUNT]`: the rasteriser against the exact reference on
/// the crossing corpus drawn from SEED (default 1; COUNT paths, default 400): per family and in
/// all, how many paths are strictly exact (every pixel within one level of 255 × the exact
/// area), the worst pixel, and the paths that miss.
enum RasterExactness {
  static let defaultSeed: UInt64 = 1
  static let defaultCount = 400

  /// Returns the exit status: 0 when every path is strictly exact, 1 otherwise, 64 for bad
  /// arguments.
  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count <= 2,
      let seed = arguments.first.map({ UInt64($0) }) ?? defaultSeed,
      let count = arguments.dropFirst().first.map({ Int($0) }) ?? defaultCount, count > 0
    else {
      print("usage: captcha-bench --raster-exact [SEED] [COUNT]: SEED and COUNT are positive integers.")
      return 64
    }
    let corpus = CrossingCorpus.entries(seed: seed, count: count)
    var perFamily: [String: (exact: Int, all: Int)] = [:]
    var strict = 0
    var worst = (levels: 0.0, label: "", x: 0, y: 0)
    var misses: [String] = []
    for entry in corpus {
      let mask = Rasterizer.fill(entry.polygons, rule: entry.rule, clip: entry.clip)
      let check = ExactnessCheck(mask, entry.polygons, rule: entry.rule, clip: entry.clip)
      perFamily[entry.family, default: (0, 0)].all += 1
      if check.isStrictlyExact {
        strict += 1
        perFamily[entry.family, default: (0, 0)].exact += 1
      } else {
        misses.append(
          "  miss: \(entry.label): \(check.missedPixels) px, worst \(fmt(check.worstLevels)) levels at (\(check.worstX), \(check.worstY))"
        )
      }
      if check.worstLevels > worst.levels {
        worst = (check.worstLevels, entry.label, check.worstX, check.worstY)
      }
    }
    print("crossing corpus, seed \(seed), \(corpus.count) paths (each shape under both rules)")
    for family in CrossingCorpus.families {
      let f = perFamily[family, default: (0, 0)]
      print("  \(family): \(f.exact)/\(f.all) strictly exact")
    }
    misses.prefix(20).forEach { print($0) }
    print(
      "strictly exact (every pixel within \(fmt(ExactnessCheck.strictLevels)) level): \(strict)/\(corpus.count); "
        + "worst pixel \(fmt(worst.levels)) levels (\(worst.label) at (\(worst.x), \(worst.y)))")
    return strict == corpus.count ? 0 : 1
  }

  static func fmt(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}
