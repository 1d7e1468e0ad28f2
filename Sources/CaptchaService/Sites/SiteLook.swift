import CaptchaKit

/// One look of a site's look experiment (`"looks": [{"name": "a", "weight": 3, …look options}]` in
/// the sites file): each challenge is issued under one look, drawn by weight, and every analytics
/// figure splits by its name.
public struct SiteLook: Sendable, Equatable {
  /// The name the analytics report it under (`default` for a site with one look).
  public var name: String
  /// Its share of the site's challenges: weight over the sum of the site's weights.
  public var weight: Int
  /// Its look options (`"difficulty": "hard"`…), in key order; empty: the server's look.
  public var options: [LookOption]

  /// The most a weight may be.
  public static let maxWeight = 1_000_000

  public init(name: String, weight: Int = 1, options: [LookOption]) {
    self.name = name
    self.weight = weight
    self.options = options
  }
}

extension Site {
  /// The site's looks: its `looks` when it lists several, else one look named `default` of its
  /// look options (empty: the server's look).
  public var lookVariants: [SiteLook] {
    looks.isEmpty ? [SiteLook(name: AnalyticsLabels.defaultLook, options: look)] : looks
  }

  /// Whether the site has challenges of its own: look options, or a look experiment.
  public var hasOwnLooks: Bool { !look.isEmpty || !looks.isEmpty }
}

extension SitesFile {
  /// The keys a look of `looks` has besides its look options.
  static let lookKeys = ["name", "weight"]

  /// A site's `looks`: a list of objects, each with a unique name, a whole weight from 1 (default 1)
  /// and look options.
  static func looks(_ node: JSONNode, at path: String) throws -> [SiteLook] {
    var names: Set<String> = []
    return try list(node, at: path) { entry, at in
      guard case .object(let fields) = entry else {
        throw SitesFileError(at: at, .wrongType(expected: "an object"))
      }
      let name = try string(fields["name"], at: at + ".name")
      guard SiteNames.isSitekey(name) else { throw SitesFileError(at: at + ".name", .badSitekey) }
      guard names.insert(name).inserted else { throw SitesFileError(at: at + ".name", .duplicateLook(name)) }
      var weight = 1
      if let given = fields["weight"] {
        guard case .number(let number) = given, number == number.rounded(), number >= 1,
          number <= Double(SiteLook.maxWeight)
        else { throw SitesFileError(at: at + ".weight", .badWeight) }
        weight = Int(number)
      }
      let options = try fields.keys.sorted().filter { !lookKeys.contains($0) }.map { key in
        try lookOption(key, fields[key]!, at: at + "." + key)
      }
      return SiteLook(name: name, weight: weight, options: options)
    }
  }
}
