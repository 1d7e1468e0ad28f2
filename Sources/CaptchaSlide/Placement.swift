import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport
import VectorRaster

/// Where the piece starts and where it fits.
///
/// The target is drawn uniformly over the valid area (`background − piece`) shrunk by a small
/// margin on every side, so the hole never touches the border. In horizontal mode the piece starts
/// at x = 0 on the target's row and the target lies at least one piece width plus the margin to the
/// right, so the start never overlaps the hole; vertical mode mirrors that with y. In free mode the
/// start is a uniform point of the valid area that does not overlap the target (on small
/// backgrounds the target is drawn among the positions that leave room for such a start).
public struct Placement: Equatable, Sendable {
  public var start: PiecePosition
  public var target: PiecePosition

  public init(start: PiecePosition, target: PiecePosition) {
    self.start = start
    self.target = target
  }

  /// The margin kept between the hole and the image border: a tenth of the piece, at least 2.
  public static func margin(pieceSize: Int) -> Int { max(2, pieceSize / 10) }

  /// The smallest background that can hold a piece of `pieceSize` in `mode`.
  public static func minimumBackground(pieceSize p: Int, mode: DragMode) -> PixelSize {
    let m = margin(pieceSize: p)
    switch mode {
    case .horizontal, .free: return PixelSize(width: 2 * p + 2 * m, height: p + 2 * m)
    case .vertical: return PixelSize(width: p + 2 * m, height: 2 * p + 2 * m)
    }
  }

  /// True when a `width`×`height` background can hold the piece in `mode`. Free mode also
  /// accepts a tall background (either axis may give room to start away from the target).
  public static func fits(width: Int, height: Int, pieceSize p: Int, mode: DragMode) -> Bool {
    func ok(_ s: PixelSize) -> Bool { width >= s.width && height >= s.height }
    switch mode {
    case .horizontal, .vertical: return ok(minimumBackground(pieceSize: p, mode: mode))
    case .free:
      return ok(minimumBackground(pieceSize: p, mode: .horizontal))
        || ok(minimumBackground(pieceSize: p, mode: .vertical))
    }
  }

  /// Draws a placement; the caller has checked `fits`.
  public static func draw(
    width w: Int, height h: Int, pieceSize p: Int, mode: DragMode,
    rng: inout Xoshiro256StarStar
  ) -> Placement {
    precondition(fits(width: w, height: h, pieceSize: p, mode: mode), "background too small")
    let m = margin(pieceSize: p)
    switch mode {
    case .horizontal:
      let tx = rng.nextInt(in: (p + m)...(w - p - m))
      let ty = rng.nextInt(in: m...(h - p - m))
      return Placement(start: PiecePosition(x: 0, y: ty), target: PiecePosition(x: tx, y: ty))
    case .vertical:
      let tx = rng.nextInt(in: m...(w - p - m))
      let ty = rng.nextInt(in: (p + m)...(h - p - m))
      return Placement(start: PiecePosition(x: tx, y: 0), target: PiecePosition(x: tx, y: ty))
    case .free:
      // Only targets that leave room for a start clear of them qualify (on small backgrounds a
      // central target may not); the target is uniform over those, by rejection.
      func roomy(_ t: PiecePosition) -> Bool {
        t.x >= p || t.x <= w - 2 * p || t.y >= p || t.y <= h - 2 * p
      }
      var target = PiecePosition(x: w - p - m, y: h - p - m)  // qualifies whenever `fits`
      for _ in 0..<64 {
        let t = PiecePosition(
          x: rng.nextInt(in: m...(w - p - m)), y: rng.nextInt(in: m...(h - p - m)))
        if roomy(t) {
          target = t
          break
        }
      }
      func apart(_ s: PiecePosition) -> Bool {
        abs(s.x - target.x) >= p || abs(s.y - target.y) >= p
      }
      for _ in 0..<64 {
        let s = PiecePosition(x: rng.nextInt(in: 0...(w - p)), y: rng.nextInt(in: 0...(h - p)))
        if apart(s) { return Placement(start: s, target: target) }
      }
      // Rarely reached (tiny backgrounds): a corner clear of the target — one of these two is,
      // because the target is roomy.
      let corners = [PiecePosition(x: 0, y: 0), PiecePosition(x: w - p, y: h - p)]
      return Placement(start: corners.first(where: apart)!, target: target)
    }
  }
}
