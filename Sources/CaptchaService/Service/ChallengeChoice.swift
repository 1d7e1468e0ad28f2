/// What a client is issued: a picture puzzle of one of the catalog's kinds, or the no-puzzle
/// challenge (proof of work only, `NoPuzzleOffer`). A kind's name is read into this once, where it
/// enters (a request's `kind`, `--kind`, a site's `kinds` in the sites file); inside the service
/// nothing compares names to tell the two apart.
public enum ChallengeChoice: Sendable, Hashable, CustomStringConvertible {
  /// A picture puzzle of the kind of this name (`slide`, `rotate`, `pattern`: `KindCatalog.names`).
  case puzzle(String)
  /// The challenge without a picture puzzle.
  case noPuzzle

  /// The name clients ask for the no-puzzle challenge by, and the store keeps as its kind.
  public static let noPuzzleName = "pow"

  /// The choice a name on the wire or in a file stands for.
  public init(name: String) {
    self = name == Self.noPuzzleName ? .noPuzzle : .puzzle(name)
  }

  /// The name on the wire, in files and in the store.
  public var name: String {
    switch self {
    case .puzzle(let kind): return kind
    case .noPuzzle: return Self.noPuzzleName
    }
  }

  /// The puzzle kind's name; nil for the no-puzzle challenge.
  public var puzzleKind: String? {
    if case .puzzle(let kind) = self { return kind }
    return nil
  }

  public var description: String { name }
}
