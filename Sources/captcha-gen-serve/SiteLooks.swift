import ArgumentParser
import CaptchaArguments
import CaptchaKit
import CaptchaService

/// The kinds of each site with look options (or each look of its look experiment) in the sites
/// file, built from those options exactly
/// as `serve` builds its own kinds from its command line (`MakeOptionGroup`): a look option is a
/// make option's name in snake_case, `"difficulty": "hard"`, `"steps": 8`, `"piece_shadow": true`.
/// A site's look starts from the defaults, not from the command line's options. Its style key is
/// named by reference, `"style_key_env": "SHOP_STYLE_KEY"`, so the file holds no secret.
enum SiteLooks {
  /// The key that names the environment variable holding a site's style key.
  static let styleKeyVariable = "style_key_env"
  /// Options that are not part of a look, and why.
  static let refused: [String: String] = [
    "style_key": "a style key is a secret; name the environment variable holding it with \"style_key_env\"",
    "no_fsync": "serve writes no files",
    "max_pixels": "it guards the --images every site shares; give it on the command line",
  ]

  /// The looks of every site in `sites` that has look options or a look experiment, by site key,
  /// each look with its factories (nil for a look of an experiment without options: the server's
  /// look). Throws a `SitesFileError` naming the site or look (and the option, when one alone is
  /// wrong).
  static func factories(
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
        let arguments = try self.arguments(look.options, environment: environment, at: path)
        return SiteLookFactories(
          name: look.name, weight: look.weight,
          factories: try factories(arguments, kinds: puzzleKinds, backgrounds: backgrounds, at: path))
      }
    }
    return result
  }

  /// The command-line arguments of a look's options, each checked alone.
  static func arguments(_ options: [LookOption], environment: [String: String], at path: String) throws
    -> [String]
  {
    var arguments: [String] = []
    for option in options {
      let given = try self.arguments(option, environment: environment, at: path + "." + option.key)
      do {
        _ = try MakeOptionGroup.parse(given)
      } catch {
        throw SitesFileError(at: path + "." + option.key, .badLookOption(sentence(error)))
      }
      arguments += given
    }
    return arguments
  }

  /// The site's kinds from its options, each made once to prove the look works.
  static func factories(
    _ arguments: [String], kinds: [String], backgrounds: ChallengeBackgrounds?, at path: String
  )
    throws -> [ChallengeFactory]
  {
    do {
      let group = try MakeOptionGroup.parse(arguments)
      let factories = try group.kinds(named: kinds, withInputImages: backgrounds != nil).map {
        ChallengeFactory(kind: $0, backgrounds: backgrounds ?? .builtIn)
      }
      for factory in factories { _ = try factory.make() }
      return factories
    } catch let error as OptionError {
      // Options as the sites file names them: "piece_size".
      let sentence = error.sentence.text(
        option: { "\"\($0.words(joinedBy: "_"))\"" }, field: { "\"\($0.words(joinedBy: "_"))\"" })
      throw SitesFileError(at: path, .badLookOption("has a look that does not work: \(sentence)"))
    } catch let error as CaptchaError {
      throw SitesFileError(at: path, .badLookOption("has a look that does not work: \(error.message)"))
    } catch {
      throw SitesFileError(
        at: path, .badLookOption("has a look that does not work: \(MakeOptionGroup.message(for: error))"))
    }
  }

  /// The command-line arguments of one look option.
  static func arguments(_ option: LookOption, environment: [String: String], at path: String) throws
    -> [String]
  {
    if let why = refused[option.key] {
      throw SitesFileError(at: path, .badLookOption("is not a look option: \(why)"))
    }
    if option.key == styleKeyVariable {
      guard case .string(let name) = option.value else {
        throw SitesFileError(at: path, .badLookOption("must be the name of an environment variable"))
      }
      guard let secret = environment[name], !secret.isEmpty else {
        throw SitesFileError(
          at: path, .badLookOption("names \(name), which is not set in serve's environment"))
      }
      return ["--style-key", secret]
    }
    let flag = "--" + option.key.replacingOccurrences(of: "_", with: "-")
    switch option.value {
    case .string(let text): return [flag, text]
    case .number(let number):
      let exact = number == number.rounded() && abs(number) < 1e15
      return [flag, exact ? String(Int64(number)) : String(number)]
    case .bool(let on): return on ? [flag] : []
    }
  }

  /// The parser's complaint about one option, or what a key that is no option is.
  static func sentence(_ error: any Error) -> String {
    let message = MakeOptionGroup.message(for: error)
    guard message.hasPrefix("Unknown option") else { return "is refused: \(message)" }
    return "is neither a key of a site (\(SitesFile.siteKeys.joined(separator: ", "))) nor a look option "
      + "(a make option's name in snake_case, such as difficulty, steps or piece_size)"
  }
}
