import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Reading answer.json's `variation` and `decoys` back, so a parsed answer equals the one written.
enum AnswerHardening {
  /// The keys as decoded from answer.json (read alongside `Answer`'s own keys).
  struct Wire: Decodable {
    struct Crop: Decodable {
      var x: Int
      var y: Int
      var width: Int
      var height: Int
    }
    struct Gain: Decodable {
      var r: Double
      var g: Double
      var b: Double
    }
    struct Variation: Decodable {
      var crop: Crop
      var rotation: Double
      var gain: Gain
      var brightness: Int
      var gamma: Double
      var saturation: Double
      var noise: Int
    }
    struct Decoy: Decodable {
      var x: Int
      var y: Int
      var shape: String
      var variant: String
    }
    var variation: Variation?
    var decoys: [Decoy]?
  }

  /// The `variation` and `decoys` of a decoded answer.json (nil when absent).
  static func records(_ w: Wire) -> (VariationRecord?, [DecoyRecord]?) {
    let variation = w.variation.map { v in
      VariationRecord(
        crop: PixelRect(x: v.crop.x, y: v.crop.y, width: v.crop.width, height: v.crop.height),
        rotation: v.rotation, gain: [v.gain.r, v.gain.g, v.gain.b], brightness: v.brightness, gamma: v.gamma,
        saturation: v.saturation, noise: v.noise)
    }
    let decoys = w.decoys?.map { DecoyRecord(x: $0.x, y: $0.y, shape: $0.shape, variant: $0.variant) }
    return (variation, decoys)
  }
}
