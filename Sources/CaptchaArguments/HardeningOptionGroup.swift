import ArgumentParser
import CaptchaKit

/// Anti-solver options shared by `make` and `batch`: per-captcha background variation and decoy
/// holes. All off by default. Numeric values are parsed unconditionally so a negative number
/// reaches the range check (one clear sentence) instead of being taken for an option.
struct HardeningOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Per-captcha background variation (crop, rotation, colour, noise); "
        + "default from --difficulty (none for classic, light for easy, strong otherwise).",
      valueName: "preset"))
  var vary: VariationPreset?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Smallest crop window as a fraction of the largest, 0.5…1, drawn per captcha at a random place (1 = no crop jitter).",
      valueName: "fraction"))
  var varyCrop: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Largest background rotation in degrees, 0…10.", valueName: "deg"))
  var varyRotation: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Colour jitter strength 0…1: gain ±8%, brightness ±16, gamma ±0.25, saturation ±25% at 1.",
      valueName: "x"))
  var varyColor: Double?

  @Option(
    parsing: .unconditional, help: ArgumentHelp("Fine noise amplitude in levels, 0…16.", valueName: "levels"))
  var varyNoise: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Extra decoy holes in the same style with similar but different shapes, 0…16 (as many as fit); "
        + "default from --difficulty (classic 0, easy 1, normal 1, hard 4 twins of the piece's own outline); "
        + "with --style-key and no --decoys, other-shape decoys number the key's own 2…4.")
  )
  var decoys: Int?

  @Option(
    help: ArgumentHelp(
      "A secret that draws this deployment's own family of looks (light, palette, texture, knobs, rim); "
        + "default: the environment variable \(StyleKey.environmentVariable). Same key and seed, same captcha; "
        + "answer.json records only a fingerprint.",
      valueName: "secret"))
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
