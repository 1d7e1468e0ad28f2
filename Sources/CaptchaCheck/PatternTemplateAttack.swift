import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pattern kind's self-attack, seeing only what a client sees (the board, the hint and the
/// public layout rules): cut the hint into its icon boxes, fill each outline into a silhouette,
/// and match the silhouette's edges against the board's edges near each of the nine nominal grid
/// centres (± the jitter), at 12 angles and 3 scales, on half-size pictures. Each hint icon gets a
/// score per dot; every ordered choice of distinct dots is scored by the sum, and the best one is
/// the guess. Libm's sin and cos are fine here: this is a report, not an output file.
public enum PatternTemplateAttack {
  public static let name = "icon-template"
  static let angles = (0..<12).map { Double($0) * 30 }
  /// Board icon size over hint icon size, as the public drawing ranges put it (1.0…1.45).
  static let scales = [1.0, 1.2, 1.4]

  /// Scores every hint icon against every dot and ranks `answer`'s sequence among all orders.
  public static func run(board: RGBAImage, hint: RGBAImage, answer: PatternAnswer) -> AttackVerdict {
    let scores = scoreMatrix(board: board, hint: hint)
    return PatternRanking.verdict(attack: name, scores: scores, sequence: answer.sequence)
  }

  /// scores[i][j]: how well hint icon i matches the board near grid cell j (row by row).
  public static func scoreMatrix(board: RGBAImage, hint: RGBAImage) -> [[Double]] {
    let boardEdges = edges(half(GrayPlane(luma: board)))
    let centres = nominalCentres(width: board.width, height: board.height)
    let cell = PatternLayout.cellSide(width: board.width, height: board.height)
    let reach = Int((PatternLayout.jitter * cell / 2).rounded(.up))
    return hintTiles(hint, boardWidth: board.width, boardHeight: board.height).map { tile in
      let silhouette = silhouetteOf(tile)
      let templates = angles.flatMap { a in
        scales.map { s in edges(transformed(silhouette, degrees: a, scale: s)) }
      }
      return centres.map { c in
        templates.map { t in
          let x0 = Int(c.x / 2) - t.width / 2
          let y0 = Int(c.y / 2) - t.height / 2
          let space = SearchSpace(
            xs: max(0, x0 - reach)..<max(0, min(boardEdges.width - t.width, x0 + reach) + 1),
            ys: max(0, y0 - reach)..<max(0, min(boardEdges.height - t.height, y0 + reach) + 1))
          guard space.count > 0 else { return -1.0 }
          return TemplateMatching.correlationNormalized(image: boardEdges, template: t, space: space).scores
            .max()
            ?? -1
        }.max() ?? -1
      }
    }
  }

  /// The grid centres without jitter.
  static func nominalCentres(width: Int, height: Int) -> [Point] {
    let n = PatternLayout.side
    return (0..<(n * n)).map { i in
      Point(
        (Double(i % n) + 0.5) * Double(width) / Double(n), (Double(i / n) + 0.5) * Double(height) / Double(n))
    }
  }

  /// The hint's icon boxes at half size, found from its width by the public hint layout.
  static func hintTiles(_ hint: RGBAImage, boardWidth: Int, boardHeight: Int) -> [GrayPlane] {
    let luma = GrayPlane(luma: hint)
    for length in PatternOptions.lengths {
      let layout = PatternHint.tiles(boardWidth: boardWidth, boardHeight: boardHeight, length: length)
      guard layout.width == hint.width, layout.height == hint.height else { continue }
      return layout.boxes.map { b in
        half(
          GrayPlane(
            width: b.width, height: b.height,
            values: (0..<(b.width * b.height)).map { luma[b.x + $0 % b.width, b.y + $0 / b.width] }))
      }
    }
    return []
  }

  /// 1 inside the outline (ink, or not reachable from the border without crossing ink), 0 outside.
  static func silhouetteOf(_ tile: GrayPlane) -> GrayPlane {
    let w = tile.width
    let h = tile.height
    let card = tile.values.max() ?? 255
    let ink = tile.values.map { card - $0 > 60 }
    var outside = [Bool](repeating: false, count: w * h)
    var stack: [Int] = []
    for x in 0..<w { stack += [x, (h - 1) * w + x] }
    for y in 0..<h { stack += [y * w, y * w + w - 1] }
    while let i = stack.popLast() {
      guard !outside[i], !ink[i] else { continue }
      outside[i] = true
      let x = i % w
      let y = i / w
      if x > 0 { stack.append(i - 1) }
      if x < w - 1 { stack.append(i + 1) }
      if y > 0 { stack.append(i - w) }
      if y < h - 1 { stack.append(i + w) }
    }
    return GrayPlane(width: w, height: h, values: outside.map { $0 ? 0 : 1 })
  }

  /// `plane` turned by `degrees` and scaled by `scale` about its centre (bilinear), on a square
  /// canvas large enough for any angle.
  static func transformed(_ plane: GrayPlane, degrees: Double, scale: Double) -> GrayPlane {
    let side = Int((Double(max(plane.width, plane.height)) * scale * 1.2).rounded(.up))
    let c = cos(degrees * .pi / 180)
    let s = sin(degrees * .pi / 180)
    let cx = Double(plane.width) / 2
    let cy = Double(plane.height) / 2
    var out = GrayPlane(width: side, height: side)
    for y in 0..<side {
      for x in 0..<side {
        let dx = (Double(x) + 0.5 - Double(side) / 2) / scale
        let dy = (Double(y) + 0.5 - Double(side) / 2) / scale
        let sx = c * dx + s * dy + cx - 0.5
        let sy = -s * dx + c * dy + cy - 0.5
        out.values[y * side + x] = bilinear(plane, sx, sy)
      }
    }
    return out
  }

  static func bilinear(_ p: GrayPlane, _ x: Double, _ y: Double) -> Float {
    let x0 = Int(x.rounded(.down))
    let y0 = Int(y.rounded(.down))
    let fx = Float(x - Double(x0))
    let fy = Float(y - Double(y0))
    func at(_ x: Int, _ y: Int) -> Float { x < 0 || y < 0 || x >= p.width || y >= p.height ? 0 : p[x, y] }
    let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
    let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
  }

  /// Gradient magnitude of a lightly blurred plane.
  static func edges(_ plane: GrayPlane) -> GrayPlane {
    let (dx, dy) = plane.gaussianBlurred(sigma: 0.8).sobel()
    return GrayPlane(
      width: plane.width, height: plane.height,
      values: zip(dx.values, dy.values).map { ($0 * $0 + $1 * $1).squareRoot() })
  }

  /// The 2×2 box average.
  static func half(_ p: GrayPlane) -> GrayPlane {
    let w = p.width / 2
    let h = p.height / 2
    var out = GrayPlane(width: w, height: h)
    for y in 0..<h {
      for x in 0..<w {
        out.values[y * w + x] =
          (p[2 * x, 2 * y] + p[2 * x + 1, 2 * y] + p[2 * x, 2 * y + 1] + p[2 * x + 1, 2 * y + 1]) / 4
      }
    }
    return out
  }
}

/// Ranks a pattern answer among every ordered choice of distinct dots, scored by the sum of
/// per-icon scores.
public enum PatternRanking {
  /// rank = 1 + the orders scoring strictly higher than `sequence`; cracked when it is the best.
  public static func verdict(attack: String, scores: [[Double]], sequence: [Int]) -> AttackVerdict {
    guard scores.count == sequence.count, let dots = scores.first?.count, dots > 0 else {
      return AttackVerdict(attack: attack, guess: nil, rank: 0, candidates: 0, cracked: false)
    }
    let truth = zip(scores, sequence).map { $0[$1] }.reduce(0, +)
    var better = 0
    var ties = 0
    var candidates = 0
    var used = [Bool](repeating: false, count: dots)
    func walk(_ depth: Int, _ sum: Double) {
      if depth == scores.count {
        candidates += 1
        if sum > truth { better += 1 } else if sum == truth { ties += 1 }
        return
      }
      for j in 0..<dots where !used[j] {
        used[j] = true
        walk(depth + 1, sum + scores[depth][j])
        used[j] = false
      }
    }
    walk(0, 0)
    // The truth itself is one of the ties; any other tie means the attack cannot tell them apart.
    return AttackVerdict(
      attack: attack, guess: nil, rank: 1 + better, candidates: candidates, cracked: better == 0 && ties == 1)
  }
}
