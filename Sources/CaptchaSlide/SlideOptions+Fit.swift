import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport

/// The rules between the options and the background's size, checkable without any picture: the
/// maker applies them to each background it has, a batch applies them once to the size every item's
/// background will have when the options alone fix it.
extension SlideOptions {
  /// Throws `OptionError` when the piece these options give does not fit a `width`×`height` background:
  /// larger than the background, or without room to start away from the target in the drag mode.
  /// The message starts with `name` (the input file, or what fixed the size).
  public func checkPieceFits(width w: Int, height h: Int, backgroundName name: Sentence) throws {
    let p = resolvedPieceSize(width: w, height: h)
    if p > w || p > h {
      throw OptionError(
        name + ": a \(p)×\(p) piece is larger than the \(w)×\(h) background; "
          + "use a smaller \(CaptchaOption.pieceSize) or a larger \(CaptchaOption.size)")
    }
    guard Placement.fits(width: w, height: h, pieceSize: p, mode: mode) else {
      let need = Placement.minimumBackground(pieceSize: p, mode: mode)
      throw OptionError(
        name + ": the \(w)×\(h) background is too small for a \(p) px piece in "
          + "\(mode.rawValue) mode (needs at least \(need.width)×\(need.height)); "
          + "scale it with \(CaptchaOption.size) or use a smaller \(CaptchaOption.pieceSize)")
    }
  }

  /// The built-in background's size with these options: `size`, or 320×160.
  public var builtInBackgroundSize: PixelSize {
    size ?? PixelSize(width: ProceduralBackground.defaultWidth, height: ProceduralBackground.defaultHeight)
  }

  /// Checks the options before any background is read or drawn, as a batch does once for all its
  /// items: `validate()`, then, when the options alone fix every background's size (`size`, or the
  /// built-in background when `withInputImages` is false), that the piece fits it. Nothing is
  /// rendered.
  public func validate(withInputImages: Bool) throws {
    try validate()
    if !withInputImages {
      let s = builtInBackgroundSize
      try checkPieceFits(width: s.width, height: s.height, backgroundName: "built-in background")
    } else if let s = size {
      try checkPieceFits(
        width: s.width, height: s.height, backgroundName: "\(CaptchaOption.size) \(s.width)x\(s.height)")
    }
  }
}
