import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// A hole style with one strength knob, `--hole-opacity` (every built-in style has one), so
/// answer.json can record it.
public protocol OpacityHoleStyle: HoleStyle {
  /// The style's strength, 0…1.
  var opacity: Double { get }
}

extension ShadeHole: OpacityHoleStyle {}
extension OverlayHole: OpacityHoleStyle {}
extension TransparentHole: OpacityHoleStyle {}
extension OutlineHole: OpacityHoleStyle {}
extension InnerShadowHole: OpacityHoleStyle {}
extension TexturedHole: OpacityHoleStyle {}
