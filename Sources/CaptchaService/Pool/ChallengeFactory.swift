import CaptchaBatch
import CaptchaKit
import Synchronization

/// Makes one challenge of a kind in memory, from the kind's options: a background picked at random
/// (or the built-in one), a seed from the system's secure random source, no files written.
/// It goes through batch's stages (`CaptchaBatch.load`, `CaptchaBatch.captcha`): a picture file is
/// decoded once, and prepared once too when its preparation does not depend on the seed, then kept
/// (up to `cachedPictures`) for every challenge that picks it. `make()` may be called from several
/// threads at once (the pool refill's workers); two that need the same picture share one decode.
public final class ChallengeFactory: Sendable {
  public let kind: any CaptchaKind
  public let backgrounds: ChallengeBackgrounds
  /// How many loaded pictures are kept at most.
  public static let cachedPictures = 32

  private let loaded = SharedCache<BatchBackground>(capacity: ChallengeFactory.cachedPictures)

  public init(kind: any CaptchaKind, backgrounds: ChallengeBackgrounds) {
    self.kind = kind
    self.backgrounds = backgrounds
  }

  /// The kind's name.
  public var kindName: String { type(of: kind).name }

  /// Makes one challenge: pick the background, draw the seed, load, prepare, make.
  public func make() throws -> ReadyChallenge {
    var random = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...SystemSeed.maxDrawn, using: &random)
    let background = try load(backgrounds.pick(using: &random))
    return try ReadyChallenge(kind: kind, made: CaptchaBatch.captcha(on: background, seed: seed, kind: kind))
  }

  /// The loaded picture at `path` (from the cache when it is there), or nil for the built-in one.
  func load(_ path: String?) throws -> BatchBackground? {
    guard let path else { return nil }
    let stage = kind.backgroundStage
    return try loaded.value(for: path) { try CaptchaBatch.load(path: path, stage: stage) }
  }
}
