import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Where decoy holes go: boxes of the piece's size inside the same margin as the target, never
/// overlapping the target's box, each other, or (horizontal and vertical modes) the start box,
/// with a gap of at least `gap` pixels between boxes (twins: between their outlines, `spacing`).
///
/// Horizontal mode puts decoys on the line an attacker searches: each decoy's row is within
/// ±`band` of the target's row, and its x keeps at least piece + gap from the target, the start
/// and the other decoys. As many decoys as can fit are placed (the most that fit is found exactly
/// and positions are drawn one by one among those that still leave room for the rest). Vertical
/// mode mirrors this with columns. Free mode draws positions anywhere by rejection (up to 200 tries
/// per decoy) and keeps those that fit.
enum DecoyPlacement {
  static func draw(
    count: Int, width w: Int, height h: Int, pieceSize p: Int, mode: DragMode, placement: Placement,
    band: Int, gap: Int, spacing: Int? = nil, rng: inout Xoshiro256StarStar
  ) -> [PiecePosition] {
    guard count > 0 else { return [] }
    let m = Placement.margin(pieceSize: p)
    // Along the line: `spacing` when given (twins pack by their outline), else whole boxes apart.
    let d = spacing ?? p + gap
    let boxes = p + gap
    let t = placement.target
    let s = placement.start
    // A row (or column) within ±band of `c`, inside the margin.
    func near(_ c: Int, limit: Int) -> Int {
      let a = max(m, c - band)
      return rng.nextInt(in: a...max(a, min(limit, c + band)))
    }
    switch mode {
    case .horizontal:
      let xs = line(
        count: count, lo: m, hi: w - p - m, distance: d, avoid: [t.x, s.x], rng: &rng)
      return xs.map { PiecePosition(x: $0, y: near(t.y, limit: h - p - m)) }
    case .vertical:
      let ys = line(
        count: count, lo: m, hi: h - p - m, distance: d, avoid: [t.y, s.y], rng: &rng)
      return ys.map { PiecePosition(x: near(t.x, limit: w - p - m), y: $0) }
    case .free:
      guard w - p - m >= m, h - p - m >= m else { return [] }
      var placed: [PiecePosition] = []
      func clear(_ a: PiecePosition, _ b: PiecePosition) -> Bool {
        abs(a.x - b.x) >= boxes || abs(a.y - b.y) >= boxes
      }
      for _ in 0..<count {
        for _ in 0..<200 {
          let c = PiecePosition(x: rng.nextInt(in: m...(w - p - m)), y: rng.nextInt(in: m...(h - p - m)))
          if clear(c, t) && placed.allSatisfy({ clear(c, $0) }) {
            placed.append(c)
            break
          }
        }
      }
      return placed
    }
  }

  /// Up to `count` integers in [lo, hi], pairwise at least `distance` apart and at least
  /// `distance` from every value of `avoid`: as many as fit, each drawn uniformly among the
  /// positions that still leave room for the remaining ones.
  static func line(count: Int, lo: Int, hi: Int, distance d: Int, avoid: [Int], rng: inout Xoshiro256StarStar)
    -> [Int]
  {
    guard hi >= lo, count > 0 else { return [] }
    let n = hi - lo + 1
    var allowed = (0..<n).map { i in avoid.allSatisfy { abs(lo + i - $0) >= d } }
    /// left[i]: most positions that fit in allowed ∩ [0, i]; right[i]: in allowed ∩ [i, n).
    func packing() -> (left: [Int], right: [Int]) {
      var left = [Int](repeating: 0, count: n)
      var right = [Int](repeating: 0, count: n)
      for i in 0..<n {
        let prev = i > 0 ? left[i - 1] : 0
        let take = allowed[i] ? (i - d >= 0 ? left[i - d] : 0) + 1 : 0
        left[i] = max(prev, take)
      }
      for i in stride(from: n - 1, through: 0, by: -1) {
        let next = i + 1 < n ? right[i + 1] : 0
        let take = allowed[i] ? (i + d < n ? right[i + d] : 0) + 1 : 0
        right[i] = max(next, take)
      }
      return (left, right)
    }
    var (left, right) = packing()
    let total = min(count, left[n - 1])
    var chosen: [Int] = []
    for k in 0..<total {
      let need = total - k
      let valid = (0..<n).filter { i in
        allowed[i] && (i - d >= 0 ? left[i - d] : 0) + 1 + (i + d < n ? right[i + d] : 0) >= need
      }
      let i = valid[Int(rng.next(below: UInt64(valid.count)))]
      chosen.append(lo + i)
      for j in max(0, i - d + 1)..<min(n, i + d) { allowed[j] = false }
      (left, right) = packing()
    }
    return chosen
  }
}
