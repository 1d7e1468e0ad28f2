#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Pass tokens in this process (with `--store memory`): nothing to install, not shared between
/// instances.
public actor MemoryPassTokenStore: PassTokenStore {
  private struct Row {
    var record: PassTokenRecord
    var redeemed = false
    var idempotencyKey: String?
  }

  private var rows: [String: Row] = [:]

  public init() {}

  /// This process only.
  public nonisolated var sharing: StoreSharing { .process }

  public func insertPassToken(_ record: PassTokenRecord) async throws {
    rows[record.digest] = Row(record: record)
  }

  public func redeemPassToken(digest: String, sitekey: String, idempotencyKey: String?, now: Date)
    async throws
    -> RedeemResult
  {
    guard let row = rows[digest] else { return .unknown }
    if row.record.sitekey != sitekey { return .otherSite }
    if row.record.expiresAt <= now { return .expired }
    if row.redeemed {
      if let key = idempotencyKey, key == row.idempotencyKey { return .repeated(row.record) }
      return .used
    }
    rows[digest]?.redeemed = true
    rows[digest]?.idempotencyKey = idempotencyKey
    return .redeemed(row.record)
  }

  public func passTokenRecord(digest: String) async throws -> PassTokenRecord? {
    rows[digest]?.record
  }

  @discardableResult
  public func sweepPassTokens(now: Date) async throws -> Int {
    let expired = rows.filter { $0.value.record.expiresAt <= now }.keys
    for digest in expired { rows[digest] = nil }
    return expired.count
  }
}
