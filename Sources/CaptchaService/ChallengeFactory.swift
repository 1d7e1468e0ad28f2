import CaptchaKit
import Synchronization

/// Makes one challenge of a kind in memory, from the kind's options: a background picked at random
/// (or the built-in one), a seed from the system's secure random source, no files written.
/// Decoded pictures are kept (up to `cachedPictures`) so a photo is decoded once, not per challenge.
public final class ChallengeFactory: Sendable {
  public let kind: any CaptchaKind
  public let backgrounds: ChallengeBackgrounds
  /// How many decoded pictures are kept at most.
  public static let cachedPictures = 32

  private let decoded = Mutex<[String: SourceBackground]>([:])

  public init(kind: any CaptchaKind, backgrounds: ChallengeBackgrounds) {
    self.kind = kind
    self.backgrounds = backgrounds
  }

  /// The kind's name.
  public var kindName: String { type(of: kind).name }

  /// Makes one challenge: pick the background, draw the seed, prepare, make, collect the files.
  public func make() throws -> ReadyChallenge {
    var random = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...SystemSeed.maxDrawn, using: &random)
    let stage = kind.backgroundStage
    let source = try load(backgrounds.pick(using: &random), stage: stage, seed: seed)
    let made = try kind.make(stage.prepare(source, seed: seed), seed: seed)
    return try ReadyChallenge(kind: kind, made: made)
  }

  /// The decoded picture at `path` (from the cache when it is there), or the built-in one.
  func load(_ path: String?, stage: BackgroundStage, seed: UInt64) throws -> SourceBackground {
    guard let path else { return stage.builtIn(seed: seed) }
    if let cached = decoded.withLock({ $0[path] }) { return cached }
    let source = try stage.load(path: path)
    decoded.withLock { cache in
      if cache.count >= Self.cachedPictures, let victim = cache.keys.randomElement() { cache[victim] = nil }
      cache[path] = source
    }
    return source
  }
}
