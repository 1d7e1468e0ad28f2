import ArgumentParser
import CaptchaArguments
import CaptchaKit
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
