import ArgumentParser
import CaptchaKit

/// Anti-solver options shared by `make` and `batch`: per-captcha background variation and decoy
/// holes. All off by default. Numeric values are parsed unconditionally so a negative number
/// reaches the range check (one clear sentence) instead of being taken for an option.
struct HardeningOptionGroup: ParsableArguments {
  @Option(help: .row(.vary))
  var vary: VariationPreset?

  @Option(parsing: .unconditional, help: .row(.varyCrop))
  var varyCrop: Double?

  @Option(parsing: .unconditional, help: .row(.varyRotation))
  var varyRotation: Double?

  @Option(parsing: .unconditional, help: .row(.varyColor))
  var varyColor: Double?

  @Option(parsing: .unconditional, help: .row(.varyNoise))
  var varyNoise: Int?

  @Option(parsing: .unconditional, help: .row(.decoys))
  var decoys: Int?

  @Option(help: .row(.styleKey))
  var styleKey: String?

  /// Sets the variation knobs, the decoys and the style key (the environment's as a fallback).
  func apply(to options: inout CaptchaOptions) {
    options.vary = vary
    options.varyCrop = varyCrop
    options.varyRotation = varyRotation
    options.varyColor = varyColor
    options.varyNoise = varyNoise
    options.decoys = decoys
    options.styleKey = styleKey
    options.fallbackStyleKey = StyleKey.secretFromEnvironment()
  }
}
