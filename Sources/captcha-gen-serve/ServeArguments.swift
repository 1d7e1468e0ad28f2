import ArgumentParser
import CaptchaArguments
import CaptchaKit
import CaptchaService
import CaptchaStorePostgres

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `serve --store`: where challenges are kept.
enum StoreChoice: StructuredArgument, Equatable {
  /// In this process (the default): nothing to install, not shared between instances.
  case memory
  /// A PostgreSQL database shared by every instance that names it.
  case postgres(PostgresStoreConfiguration)

  /// `memory` or `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (read by CaptchaStorePostgres).
  static func parse(_ text: String) throws -> StoreChoice {
    if text == "memory" { return .memory }
    guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
      throw ValidationError("expected memory or postgres://USER@HOST:PORT/DB")
    }
    do {
      return .postgres(try PostgresStoreConfiguration(url: text))
    } catch {
      throw ValidationError(error.description)
    }
  }

  var defaultValueDescription: String { "memory" }
}

/// `serve --rate-limit N/min`: POSTs per minute per client (address prefix); 0 turns it off.
struct RateLimitSpec: StructuredArgument, Equatable {
  var perMinute: Int

  static func parse(_ text: String) throws -> RateLimitSpec {
    let number = text.hasSuffix("/min") ? String(text.dropLast(4)) : text
    guard let n = Int(number), n >= 0 else {
      throw ValidationError("expected N/min with a whole number N ≥ 0 (0 turns the limit off), e.g. 60/min")
    }
    return RateLimitSpec(perMinute: n)
  }

  var defaultValueDescription: String { "\(perMinute)/min" }
}

/// `serve --kind slide,rotate,pattern,pow`: the puzzle kinds (`KindList`) and, when `pow` is
/// listed, the no-puzzle challenge (the default when it comes first).
struct ServeKinds: StructuredArgument, Equatable {
  var puzzles: [String]
  var noPuzzle: NoPuzzleOffer?

  static func parse(_ text: String) throws -> ServeKinds {
    let choices = text.split(separator: ",", omittingEmptySubsequences: false).map {
      ChallengeChoice(name: PlainText.trimmed(String($0)))
    }
    let puzzles = choices.compactMap(\.puzzleKind)
    guard choices.count - puzzles.count <= 1 else { throw ValidationError("a kind is listed twice") }
    let offer = puzzles.count < choices.count ? NoPuzzleOffer(isDefault: choices.first == .noPuzzle) : nil
    guard !puzzles.isEmpty else { return ServeKinds(puzzles: [], noPuzzle: offer) }
    do {
      return ServeKinds(puzzles: try KindList.parse(puzzles.joined(separator: ",")).names, noPuzzle: offer)
    } catch let error as ValidationError {
      throw ValidationError(error.message + " (or \(ChallengeChoice.noPuzzleName), the proof of work alone)")
    }
  }

  /// The lists one after the other (`--kind` given more than once); the no-puzzle challenge is the
  /// default when the first list starts with it.
  init(joining lists: [ServeKinds]) {
    puzzles = lists.flatMap(\.puzzles)
    noPuzzle =
      lists.contains { $0.noPuzzle != nil }
      ? NoPuzzleOffer(isDefault: lists.first?.noPuzzle?.isDefault ?? false) : nil
  }

  init(puzzles: [String], noPuzzle: NoPuzzleOffer?) {
    self.puzzles = puzzles
    self.noPuzzle = noPuzzle
  }

  /// The kinds offered, in order.
  var choices: [ChallengeChoice] { noPuzzle?.adding(to: puzzles) ?? puzzles.map(ChallengeChoice.puzzle) }

  var names: [String] { choices.map(\.name) }

  var defaultValueDescription: String { names.joined(separator: ",") }
}

/// `serve --pow on|off`.
enum PowSwitch: String, ExpressibleByArgument, CaseIterable {
  case on, off
}

/// `serve --client-prefix V4,V6`: bits of an IPv4 and an IPv6 address that name one client.
struct ClientPrefixSpec: StructuredArgument, Equatable {
  var lengths: ClientPrefixLengths

  static func parse(_ text: String) throws -> ClientPrefixSpec {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let v4 = Int(parts[0]), let v6 = Int(parts[1]), (1...32).contains(v4),
      (1...128).contains(v6)
    else {
      throw ValidationError("expected IPV4_BITS,IPV6_BITS such as 24,56 (1…32 and 1…128)")
    }
    return ClientPrefixSpec(lengths: ClientPrefixLengths(ipv4: v4, ipv6: v6))
  }

  var defaultValueDescription: String { "\(lengths.ipv4),\(lengths.ipv6)" }
}

/// `serve --trust-proxy CIDR[,CIDR…]`.
struct TrustProxySpec: StructuredArgument, Equatable {
  var proxies: TrustedProxies

  static func parse(_ text: String) throws -> TrustProxySpec {
    switch TrustedProxies.parse(text) {
    case .success(let proxies): return TrustProxySpec(proxies: proxies)
    case .failure(let error): throw ValidationError(error.description)
    }
  }

  var defaultValueDescription: String { "none" }
}

/// `serve --levels KEY=VALUE,…`: how proof-of-work levels follow activity (`LevelRules`). Keys:
/// requests, failures, passes (a client's recent requests, failures and passes per added level),
/// site-requests, site-failures (the same for a whole site), per-pass (unfinished requests and
/// failures each recent pass of a client allows per level), half-life (seconds), no-puzzle-extra
/// (levels the no-puzzle challenge starts above a puzzle's). Keys left out keep their defaults.
struct LevelSpec: StructuredArgument, Equatable {
  var rules: LevelRules

  static func parse(_ text: String) throws -> LevelSpec {
    guard text.contains(where: { $0 != "," && $0 != " " }) else {
      throw ValidationError(
        "expected KEY=POSITIVE_NUMBER entries such as requests=10,half-life=600; got none")
    }
    var rules = LevelRules.standard
    for entry in text.split(separator: ",") {
      let pair = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value > 0 else {
        throw ValidationError(
          "expected KEY=POSITIVE_NUMBER entries such as requests=10,half-life=600; got '\(entry)'")
      }
      switch pair[0] {
      case "requests": rules.clientRequestsPerLevel = value
      case "failures": rules.clientFailuresPerLevel = value
      case "site-requests": rules.siteRequestsPerLevel = value
      case "site-failures": rules.siteFailuresPerLevel = value
      case "passes": rules.clientPassesPerLevel = value
      case "per-pass": rules.allowancePerPass = value
      case "half-life": rules.activity.halfLife = value
      case "no-puzzle-extra":
        guard value == value.rounded(), value <= 24 else {
          throw ValidationError("no-puzzle-extra must be a whole number of levels up to 24")
        }
        rules.noPuzzleExtraLevels = Int(value)
      default:
        throw ValidationError(
          "unknown key '\(pair[0])'; the keys are requests, failures, passes, site-requests, "
            + "site-failures, per-pass, half-life, no-puzzle-extra")
      }
    }
    return LevelSpec(rules: rules)
  }

  var defaultValueDescription: String {
    let r = rules
    return "requests=\(Int(r.clientRequestsPerLevel)),failures=\(Int(r.clientFailuresPerLevel)),"
      + "passes=\(Int(r.clientPassesPerLevel)),"
      + "site-requests=\(Int(r.siteRequestsPerLevel)),site-failures=\(Int(r.siteFailuresPerLevel)),"
      + "per-pass=\(r.allowancePerPass),half-life=\(Int(r.activity.halfLife)),"
      + "no-puzzle-extra=\(r.noPuzzleExtraLevels)"
  }
}
