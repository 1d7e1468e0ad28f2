import ArgumentParser
import CaptchaKit

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
  case postgres(PostgresLocation)

  /// `memory` or `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`.
  static func parse(_ text: String) throws -> StoreChoice {
    if text == "memory" { return .memory }
    guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
      throw ValidationError("expected memory or postgres://USER@HOST:PORT/DB")
    }
    return .postgres(try PostgresLocation.parse(text))
  }

  var defaultValueDescription: String { "memory" }
}

/// The parts of a `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` address.
struct PostgresLocation: Equatable {
  var user: String
  var password: String?
  var host: String
  var port: Int
  var database: String

  /// PostgreSQL's own default port.
  static let defaultPort = 5432

  static func parse(_ text: String) throws -> PostgresLocation {
    guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
      throw ValidationError("'\(text)' is not a postgres://USER@HOST:PORT/DB address")
    }
    guard let user = url.user, !user.isEmpty else {
      throw ValidationError("the postgres address names no user; expected postgres://USER@HOST:PORT/DB")
    }
    let database = String(url.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else {
      throw ValidationError("the postgres address names no database; expected postgres://USER@HOST:PORT/DB")
    }
    if let port = url.port, !(1...65535).contains(port) {
      throw ValidationError("port \(port) is out of range 1…65535")
    }
    return PostgresLocation(
      user: user, password: url.password, host: host, port: url.port ?? defaultPort, database: database)
  }
}

/// `serve --rate-limit N/min`: requests per minute per client address; 0 turns it off.
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
