@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// Captchas composed directly in the tests (not through `SlideMaker`, whose look other work
/// changes): a blurred-noise texture, a classic jigsaw piece cut out at a known position, and a
/// hole drawn by a closure from the photo's pixel and the shape's coverage.
struct SyntheticCaptcha {
  var view: ClientView
  var target: PiecePosition

  static let width = 320
  static let height = 160
  static let pieceSize = 60

  /// A photo-like grey-green texture: value noise (random values on a grid, bilinearly
  /// interpolated) at cell sizes 16, 6 and 2 px with falling weights, stretched to 20…235. Smooth at
  /// the scale of a few pixels, as photos are, with detail inside every piece.
  static func texture(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var rng = Xoshiro256StarStar(seed: seed)
    var plane = GrayPlane(width: width, height: height)
    for (cell, weight) in [(16, 1.0), (6, 0.5), (2, 0.2)] {
      let gw = width / cell + 2
      let gh = height / cell + 2
      let grid = (0..<gw * gh).map { _ in rng.nextDouble() }
      for y in 0..<height {
        for x in 0..<width {
          let fx = Double(x) / Double(cell)
          let fy = Double(y) / Double(cell)
          let x0 = Int(fx)
          let y0 = Int(fy)
          let tx = fx - Double(x0)
          let ty = fy - Double(y0)
          let top = grid[y0 * gw + x0] * (1 - tx) + grid[y0 * gw + x0 + 1] * tx
          let bottom = grid[(y0 + 1) * gw + x0] * (1 - tx) + grid[(y0 + 1) * gw + x0 + 1] * tx
          plane[x, y] += Float(weight * (top * (1 - ty) + bottom * ty))
        }
      }
    }
    let lo = plane.values.min()!
    let hi = plane.values.max()!
    var image = RGBAImage(width: width, height: height)
    for i in 0..<plane.values.count {
      let v = 20 + 215 * (plane.values[i] - lo) / max(hi - lo, 1)
      image.pixels[4 * i] = UInt8(v * 0.9)
      image.pixels[4 * i + 1] = UInt8(v)
      image.pixels[4 * i + 2] = UInt8(v * 0.7)
    }
    return image
  }

  /// Coverage of the classic jigsaw shape in a piece box at `target`.
  static func mask(at target: PiecePosition, size: Int) throws -> CoverageMask {
    try PieceOutline.mask(
      BuiltinShape.classic.path(size: Double(size), seed: 0), rule: .nonzero,
      over: PixelRect(x: target.x, y: target.y, width: size, height: size))
  }

  /// Builds the captcha. `hole(pixel RGB, coverage 0…1, x, y)` returns the hole's RGB at a pixel the
  /// shape covers.
  static func make(
    target: PiecePosition, mode: DragMode = .horizontal, start: PiecePosition? = nil,
    width: Int = width, height: Int = height, pieceSize: Int = pieceSize, seed: UInt64 = 11,
    pieceSeed: UInt64? = nil,
    hole: (_ rgb: (Int, Int, Int), _ coverage: Double, _ x: Int, _ y: Int) -> (Int, Int, Int)
  ) throws -> SyntheticCaptcha {
    var background = texture(width: width, height: height, seed: seed)
    // The piece's colours: the photo's own, or (with `pieceSeed`) another picture's.
    let pieceSource = pieceSeed.map { texture(width: width, height: height, seed: $0) } ?? background
    let mask = try mask(at: target, size: pieceSize)
    var piece = RGBAImage(width: pieceSize, height: pieceSize, fill: (0, 0, 0, 0))
    for py in 0..<pieceSize {
      for px in 0..<pieceSize {
        let x = target.x + px
        let y = target.y + py
        let c = mask.coverage(atX: x, y: y)
        guard c > 0 else { continue }
        let i = 4 * (y * width + x)
        let j = 4 * (py * pieceSize + px)
        for k in 0..<3 { piece.pixels[j + k] = pieceSource.pixels[i + k] }
        piece.pixels[j + 3] = c
        let rgb = (Int(background.pixels[i]), Int(background.pixels[i + 1]), Int(background.pixels[i + 2]))
        let out = hole(rgb, Double(c) / 255, x, y)
        background.pixels[i] = UInt8(clamping: out.0)
        background.pixels[i + 1] = UInt8(clamping: out.1)
        background.pixels[i + 2] = UInt8(clamping: out.2)
      }
    }
    let start = start ?? PiecePosition(x: mode == .vertical ? target.x : 0, y: target.y)
    return SyntheticCaptcha(
      view: ClientView(background: background, piece: piece, mode: mode, start: start), target: target)
  }

  /// The classic look: the photo darkened by half in proportion to the coverage.
  static func darkened(_ rgb: (Int, Int, Int), _ c: Double, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    func f(_ v: Int) -> Int { Int((Double(v) * (1 - 0.5 * c)).rounded()) }
    return (f(rgb.0), f(rgb.1), f(rgb.2))
  }

  func run(tolerance: Int = 5) throws -> SelfAttackReport {
    try SelfAttack.run(view, window: AnswerWindow(target: target, tolerance: tolerance, mode: view.mode))
  }
}
