/// Where each challenge's background comes from: the built-in procedural picture (drawn from the
/// challenge's seed), or a picture picked at random from a list of files (`serve --images DIR`).
public enum ChallengeBackgrounds: Sendable, Equatable {
  case builtIn
  /// Picture files (PNG, JPEG or WebP); one is picked uniformly at random for each challenge.
  case files([String])

  /// The file for one challenge, or nil for the built-in picture.
  func pick<G: RandomNumberGenerator>(using generator: inout G) -> String? {
    switch self {
    case .builtIn: return nil
    case .files(let paths): return paths.randomElement(using: &generator)
    }
  }
}
