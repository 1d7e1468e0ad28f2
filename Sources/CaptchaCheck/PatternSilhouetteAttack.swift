import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pattern kind's self-attack: per-cell silhouettes, the strongest cheap attack
/// measured on pattern boards (tools/attacks/pattern_silhouette.py, `sil-flat-overlap`). It sees
/// only what a client sees: each of the nine grid cells' marker is cut out of the board by flat
/// paint (`PatternCellCutout`: exact colour on a PNG, within 20 levels on a JPEG) and grown by the
/// pixel of anti-aliased edge it leaves out, each hint icon's outline is filled into a silhouette
/// and shrunk by a pixel (about half the stroke), and every hint silhouette is laid over every
/// cut-out, scaled to the same area and turned in 3° steps; the best overlap (intersection over
/// union) is the score. Libm's sin and cos are fine here: this is a report, not an output file.
public enum PatternSilhouetteAttack {
  public static let name = "cell-silhouette"
  static let angleStep = 3.0
  /// Half the cut-out window, as a fraction of a cell: the centre's jitter plus a marker's reach.
  static let window = 0.62
  /// The flat tolerance for JPEG boards (tuned on the train photos); PNG boards get 0.
  static let jpegTolerance = 20
  /// At most this many hint pixels are laid over each cut-out.
  static let samples = 1500

  /// Scores every hint icon against every dot and ranks `answer`'s sequence among all orders.
  public static func run(board: RGBAImage, hint: RGBAImage, answer: PatternAnswer) -> AttackVerdict {
    let jpeg = answer.background.file.lowercased().hasSuffix(".jpg")
    let scores = scoreMatrix(board: board, hint: hint, tolerance: jpeg ? jpegTolerance : 0)
    return PatternRanking.verdict(attack: name, scores: scores, sequence: answer.sequence)
  }

  /// scores[i][j]: the best overlap of hint icon i with the cut-out of dot j (−1 where the cell
  /// has no cut-out).
  public static func scoreMatrix(board: RGBAImage, hint: RGBAImage, tolerance: Int) -> [[Double]] {
    let cell = PatternLayout.cellSide(width: board.width, height: board.height)
    let half = Int((window * cell).rounded(.up))
    let cutouts = nominalCentres(width: board.width, height: board.height).map { c -> BinaryMask? in
      PatternCellCutout(board: board, cx: Int(c.x.rounded()), cy: Int(c.y.rounded()), half: half)
        .cut(cell: cell, tolerance: tolerance)?.morphed(grow: true).filled()
    }
    return hintSilhouettes(hint, boardWidth: board.width, boardHeight: board.height).map { icon in
      cutouts.map { cut in cut.map { overlap(icon, $0) } ?? -1 }
    }
  }

  /// The grid centres without jitter, row by row.
  static func nominalCentres(width: Int, height: Int) -> [(x: Double, y: Double)] {
    let n = PatternLayout.side
    let cw = Double(width) / Double(n)
    let ch = Double(height) / Double(n)
    return (0..<(n * n)).map { i -> (x: Double, y: Double) in
      let column = Double(i % n)
      let row = Double(i / n)
      return ((column + 0.5) * cw, (row + 0.5) * ch)
    }
  }

  /// Each hint icon's outline filled into a silhouette, cut by the public hint layout (found from
  /// the hint's size).
  static func hintSilhouettes(_ hint: RGBAImage, boardWidth: Int, boardHeight: Int) -> [BinaryMask] {
    for length in PatternOptions.lengths {
      let layout = PatternHint.tiles(boardWidth: boardWidth, boardHeight: boardHeight, length: length)
      guard layout.width == hint.width, layout.height == hint.height else { continue }
      return layout.boxes.map { box in
        let luma = (0..<(box.width * box.height)).map { i -> Int in
          let o = ((box.y + i / box.width) * hint.width + box.x + i % box.width) * 4
          return (299 * Int(hint.pixels[o]) + 587 * Int(hint.pixels[o + 1]) + 114 * Int(hint.pixels[o + 2]))
            / 1000
        }
        let card = luma.sorted()[luma.count * 9 / 10]
        return BinaryMask(width: box.width, height: box.height, bits: luma.map { card - $0 > 60 }).filled()
          .morphed(grow: false)
      }
    }
    return []
  }

  /// The best intersection over union of `icon` laid over `cut`, both centred on their centroids,
  /// `icon` scaled to `cut`'s area, over every turn in `angleStep` steps.
  static func overlap(_ icon: BinaryMask, _ cut: BinaryMask) -> Double {
    let iconPixels = icon.bits.indices.filter { icon.bits[$0] }
    let cutArea = Double(cut.count)
    guard !iconPixels.isEmpty, cutArea > 0 else { return -1 }
    let (icx, icy) = centroid(iconPixels, width: icon.width)
    let (ccx, ccy) = centroid(cut.bits.indices.filter { cut.bits[$0] }, width: cut.width)
    let scale = (cutArea / Double(iconPixels.count)).squareRoot()
    let stride = max(1, iconPixels.count / samples)
    let points = Swift.stride(from: 0, to: iconPixels.count, by: stride).map { k -> (Double, Double) in
      let i = iconPixels[k]
      return ((Double(i % icon.width) - icx) * scale, (Double(i / icon.width) - icy) * scale)
    }
    var best = 0.0
    for step in 0..<Int(360 / angleStep) {
      let a = Double(step) * angleStep * .pi / 180
      let c = cos(a)
      let s = sin(a)
      var hits = 0
      for (x, y) in points {
        let px = Int((c * x - s * y + ccx).rounded())
        let py = Int((s * x + c * y + ccy).rounded())
        if px >= 0, py >= 0, px < cut.width, py < cut.height, cut[px, py] { hits += 1 }
      }
      let inter = Double(hits) / Double(points.count) * cutArea
      best = max(best, inter / (2 * cutArea - inter))
    }
    return best
  }

  static func centroid(_ pixels: [Int], width: Int) -> (Double, Double) {
    let n = Double(pixels.count)
    return (
      pixels.reduce(0.0) { $0 + Double($1 % width) } / n, pixels.reduce(0.0) { $0 + Double($1 / width) } / n
    )
  }
}
