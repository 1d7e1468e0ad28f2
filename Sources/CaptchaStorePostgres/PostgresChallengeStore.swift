import CaptchaService
import Logging
import PostgresNIO
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shared store (`--store postgres://…`): challenges in one PostgreSQL table, so any number of
/// `serve` instances issue, serve pictures of and verify each other's challenges, each exactly once.
///
/// - Connections come from postgres-nio's `PostgresClient` (a pool, run in a task this store owns);
///   it reconnects by itself after the database comes back.
/// - The table is created on first use (`CREATE TABLE IF NOT EXISTS`), so an instance started while
///   the database is down begins working once it is up.
/// - Every call is bounded by `configuration.requestTimeout`; any failure or timeout throws
///   `ChallengeStoreUnavailable`, never a pass.
/// - Call `shutdown()` when done: it closes the connections.
/// - It is also the instances' shared `ClientActivityStore` (PostgresChallengeStore+ClientActivity)
///   and `AnalyticsStore` (PostgresChallengeStore+Analytics).
public final class PostgresChallengeStore: ChallengeStore {
  public let configuration: PostgresStoreConfiguration
  private let client: PostgresClient
  private let runner: Task<Void, Never>
  let logger: Logger
  private let schemaReady = Atomic(false)
  private let connectionFailures: ConnectionFailureLog

  /// Every instance on the same database sees the same challenges, tokens and activity.
  public var sharing: StoreSharing { .shared }

  public init(
    configuration: PostgresStoreConfiguration,
    logger: Logger = Logger(label: "captcha-gen.store.postgres")
  ) {
    self.configuration = configuration
    self.logger = logger
    let connectionFailures = ConnectionFailureLog()
    self.connectionFailures = connectionFailures
    let client = PostgresClient(
      configuration: PostgresClient.Configuration(configuration),
      backgroundLogger: connectionFailures.listening(to: logger))
    self.client = client
    self.runner = Task { await client.run() }
  }

  /// Closes the connections; later calls throw `ChallengeStoreUnavailable`.
  public func shutdown() async {
    runner.cancel()
    await runner.value
  }

  /// Creates the table and its index if missing. Every call does this on first use anyway; call it
  /// at start to find a wrong URL or password before the first request does.
  public func prepare() async throws {
    try await bounded { try await self.createSchemaIfNeeded() }
  }

  public func insert(_ challenge: StoredChallenge) async throws {
    try await run { client in
      _ = try await client.query(ChallengeTable.insert(challenge), logger: self.logger)
    }
  }

  public func take(id: String, now: Date) async throws -> TakeResult {
    try await run { client in
      let rows = try await client.query(ChallengeTable.take(id: id, now: now), logger: self.logger)
      for try await row in rows {
        let (
          kind, expiresAt, answer, background, backgroundType, piece, pieceType, sitekey, hostname, level,
          puzzles,
          steps, difficulty, tableLog2, look, audience
        ) =
          try row.decode(
            (
              String, Date, ByteBuffer, ByteBuffer, String, ByteBuffer, String, String, String, Int32?,
              Int32?,
              Int32?, Int64?, Int32?, String, String
            )
            .self)
        return .taken(
          StoredChallenge(
            id: id, kind: kind, expiresAt: expiresAt, answer: Array(buffer: answer),
            background: StoredPicture(bytes: Array(buffer: background), mediaType: backgroundType),
            piece: StoredPicture(bytes: Array(buffer: piece), mediaType: pieceType), sitekey: sitekey,
            hostname: hostname,
            pow: StoredPow.puzzle(
              id: id, level: level, puzzles: puzzles, steps: steps, difficulty: difficulty,
              tableLog2: tableLog2),
            look: look, audience: Audience(rawValue: audience) ?? .people))
      }
      let states = try await client.query(ChallengeTable.verifiedState(id: id), logger: self.logger)
      for try await verified in states.decode(Bool.self) {
        return verified ? .alreadyVerified : .expired
      }
      return .unknown
    }
  }

  public func picture(id: String, _ picture: ChallengePicture, now: Date) async throws
    -> StoredPicture?
  {
    try await run { client in
      let query = ChallengeTable.picture(id: id, picture, now: now)
      for try await (bytes, mediaType) in try await client.query(query, logger: self.logger)
        .decode((ByteBuffer, String).self)
      {
        return StoredPicture(bytes: Array(buffer: bytes), mediaType: mediaType)
      }
      return nil
    }
  }

  public func sweep(now: Date) async throws -> [String: Int] {
    Dictionary(try await sweepExpired(now: now).map { ($0.key.kind, $0.value) }, uniquingKeysWith: +)
  }

  public func sweepExpired(now: Date) async throws -> [AnalyticsLabels: Int] {
    try await run { client in
      var expiredUnverified: [AnalyticsLabels: Int] = [:]
      for try await (site, kind, look, audience, count) in try await client.query(
        ChallengeTable.sweep(now: now), logger: self.logger
      ).decode((String, String, String, String, Int64).self) {
        let labels = AnalyticsLabels(
          site: site, kind: kind, look: look, audience: Audience(rawValue: audience) ?? .people)
        expiredUnverified[labels, default: 0] += Int(count)
      }
      return expiredUnverified
    }
  }

  public func checkHealth() async throws {
    try await run { client in
      _ = try await client.query(ChallengeTable.ping, logger: self.logger)
    }
  }

  // MARK: - Stages every call goes through

  /// The schema (first use only), then `body`, within the time limit, errors made unavailable.
  func run<T: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> T)
    async throws -> T
  {
    try await bounded {
      try await self.createSchemaIfNeeded()
      let result = try await body(self.client)
      self.connectionFailures.clear()
      return result
    }
  }

  private func bounded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws
    -> T
  {
    do {
      return try await withDeadline(configuration.requestTimeout, body)
    } catch {
      throw StoreFailure.unavailable(
        error, server: configuration, timeout: configuration.requestTimeout,
        lastConnectionFailure: connectionFailures.reason)
    }
  }

  private func createSchemaIfNeeded() async throws {
    if schemaReady.load(ordering: .acquiring) { return }
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(ChallengeTable.schemaLockKey))", logger: self.logger)
      for statement in ChallengeTable.createStatements + PassTokenTable.createStatements
        + ClientActivityTable.createStatements + AnalyticsTable.createStatements
      {
        try await connection.query(statement, logger: self.logger)
      }
    }
    schemaReady.store(true, ordering: .releasing)
  }
}

extension PostgresClient.Configuration {
  /// postgres-nio's settings for the store's configuration: the short connect timeout, the
  /// connection limit, TLS as the URL's sslmode asks.
  init(_ store: PostgresStoreConfiguration) {
    let tls: PostgresClient.Configuration.TLS
    switch store.tls {
    case .disable: tls = .disable
    case .prefer: tls = .prefer(.makeClientConfiguration())
    case .require: tls = .require(.makeClientConfiguration())
    }
    self.init(
      host: store.host, port: store.port, username: store.username, password: store.password,
      database: store.database, tls: tls)
    options.connectTimeout = store.connectTimeout
    options.maximumConnections = store.maximumConnections
  }
}
