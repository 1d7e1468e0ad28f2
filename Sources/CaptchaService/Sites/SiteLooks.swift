import CaptchaKit

/// The kinds of each site with look options (or each look of its look experiment) in the sites
/// file. A look option is an option's name in snake_case (`"difficulty": "hard"`, `"steps": 8`,
/// `"piece_shadow": true`), read through `OptionTable` into `CaptchaOptions`, exactly as the
/// command line's flags are; a look starts from the defaults, not from serve's own options. Its
/// style key is named by reference, `"style_key_env": "SHOP_STYLE_KEY"`, so the file holds no
/// secret. An app that embeds `ChallengeService` builds its sites' pools with `factories`.
public enum SiteLooks {
  /// The key that names the environment variable holding a site's style key.
  public static let styleKeyVariable = "style_key_env"

  /// The looks of every site in `sites` that has look options or a look experiment, by site key,
  /// each look with its factories (nil for a look of an experiment without options: the server's
  /// look), each factory made once to prove the look works. `offered`: the kinds a site without
  /// its own list gets; `environment`: where `style_key_env` names are looked up. Throws a
  /// `SitesFileError` naming the site or look (and the option, when one alone is wrong).
  public static func factories(
    sites: [Site], offered: [String], backgrounds: ChallengeBackgrounds?, environment: [String: String]
  ) throws -> [String: [SiteLookFactories]] {
    var result: [String: [SiteLookFactories]] = [:]
    for (index, site) in sites.enumerated() where site.hasOwnLooks {
      // A site's own look makes its puzzles; the no-puzzle challenge has none to make.
      let puzzleKinds = site.kinds?.compactMap(\.puzzleKind) ?? offered
      result[site.sitekey] = try site.lookVariants.enumerated().map { lookIndex, look in
        let path = site.looks.isEmpty ? "sites[\(index)]" : "sites[\(index)].looks[\(lookIndex)]"
        guard !look.options.isEmpty else {
          return SiteLookFactories(name: look.name, weight: look.weight, factories: nil)
        }
        let options = try self.options(look.options, environment: environment, at: path)
        return SiteLookFactories(
          name: look.name, weight: look.weight,
          factories: try factories(options, kinds: puzzleKinds, backgrounds: backgrounds, at: path))
      }
    }
    return result
  }

  /// The captcha options of a look, each read through its row in `OptionTable`. The environment's
  /// `CAPTCHA_STYLE_KEY` applies as it does to serve's own kinds.
  public static func options(_ look: [LookOption], environment: [String: String], at path: String) throws
    -> CaptchaOptions
  {
    var options = CaptchaOptions()
    options.fallbackStyleKey = environment[StyleKey.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    for option in look {
      try set(option, in: &options, environment: environment, at: path + "." + option.key)
    }
    return options
  }

  /// Sets one look option in `options`.
  static func set(
    _ option: LookOption, in options: inout CaptchaOptions, environment: [String: String], at path: String
  ) throws {
    if option.key == styleKeyVariable {
      guard case .string(let name) = option.value else {
        throw SitesFileError(at: path, .badLookOption("must be the name of an environment variable"))
      }
      guard let secret = environment[name], !secret.isEmpty else {
        throw SitesFileError(
          at: path, .badLookOption("names \(name), which is not set in serve's environment"))
      }
      options.styleKey = secret
      return
    }
    guard let row = OptionTable.rows.first(where: { $0.option.words(joinedBy: "_") == option.key }) else {
      throw SitesFileError(
        at: path,
        .badLookOption(
          "is neither a key of a site (\(SitesFile.siteKeys.joined(separator: ", "))) nor a look option "
            + "(an option's name in snake_case, such as difficulty, steps or piece_size)"))
    }
    if let why = row.notInLooks {
      throw SitesFileError(at: path, .badLookOption("is not a look option: \(why)"))
    }
    do {
      try row.set(option.value.input, in: &options)
    } catch {
      throw SitesFileError(at: path, .badLookOption("is refused: \(error)"))
    }
  }

  /// The site's kinds from its options, each made once to prove the look works.
  static func factories(
    _ options: CaptchaOptions, kinds: [String], backgrounds: ChallengeBackgrounds?, at path: String
  ) throws -> [ChallengeFactory] {
    do {
      let factories = try KindCatalog.kinds(
        named: kinds, options: options, building: KindBuilding(withInputImages: backgrounds != nil)
      ).map { ChallengeFactory(kind: $0, backgrounds: backgrounds ?? .builtIn) }
      for factory in factories { _ = try factory.make() }
      return factories
    } catch let error as OptionError {
      // Options as the sites file names them: "piece_size".
      let sentence = error.sentence.text(
        option: { "\"\($0.words(joinedBy: "_"))\"" }, field: { "\"\($0.words(joinedBy: "_"))\"" })
      throw SitesFileError(at: path, .badLookOption("has a look that does not work: \(sentence)"))
    } catch let error as CaptchaError {
      throw SitesFileError(at: path, .badLookOption("has a look that does not work: \(error.message)"))
    }
  }
}

extension LookOption.Value {
  /// The value as the option table reads it.
  var input: OptionInput {
    switch self {
    case .string(let text): return .text(text)
    case .number(let number): return .number(number)
    case .bool(let on): return .bool(on)
    }
  }
}
