import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// What a client receives for one captcha, and all a self-attack may look at: the holed
/// background, the piece (its alpha is the shape), the drag mode and the start position.
///
/// Nothing here depends on how the captcha was drawn, so the self-attacks judge any hole, piece or
/// background style by its output alone.
public struct ClientView: Sendable {
  public var background: RGBAImage
  public var piece: RGBAImage
  public var mode: DragMode
  public var start: PiecePosition

  public init(background: RGBAImage, piece: RGBAImage, mode: DragMode, start: PiecePosition) {
    self.background = background
    self.piece = piece
    self.mode = mode
    self.start = start
  }

  /// The positions an attacker tries (see `SearchSpace`).
  public var searchSpace: SearchSpace {
    SearchSpace(
      backgroundWidth: background.width, backgroundHeight: background.height,
      pieceWidth: piece.width, pieceHeight: piece.height, mode: mode, start: start)
  }
}

/// The candidate positions of piece.png's top-left corner that an attacker searches, as the attack
/// suite's `pick` does: the start position gives a coordinate away, so horizontal mode tries every x
/// on row `start.y`, vertical mode every y on column `start.x`, free mode every (x, y) that keeps the
/// piece inside the background. A start outside the valid range is clamped into it.
public struct SearchSpace: Equatable, Sendable {
  public var xs: Range<Int>
  public var ys: Range<Int>

  public init(xs: Range<Int>, ys: Range<Int>) {
    self.xs = xs
    self.ys = ys
  }

  public init(
    backgroundWidth: Int, backgroundHeight: Int, pieceWidth: Int, pieceHeight: Int, mode: DragMode,
    start: PiecePosition
  ) {
    let columns = max(backgroundWidth - pieceWidth + 1, 0)
    let rows = max(backgroundHeight - pieceHeight + 1, 0)
    var xs = 0..<columns
    var ys = 0..<rows
    if columns > 0, rows > 0 {
      switch mode {
      case .horizontal:
        let y = min(max(start.y, 0), rows - 1)
        ys = y..<y + 1
      case .vertical:
        let x = min(max(start.x, 0), columns - 1)
        xs = x..<x + 1
      case .free:
        break
      }
    }
    self.init(xs: xs, ys: ys)
  }

  /// How many positions are searched.
  public var count: Int { xs.count * ys.count }
}
