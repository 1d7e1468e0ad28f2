import ArgumentParser
import CaptchaArguments
import CaptchaKit
import CaptchaProofOfWork
import CaptchaServe
import CaptchaService
import CaptchaStorePostgres
import Logging
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captcha-gen serve`: the HTTP API of DESIGN.md "Serve", in front of a challenge pool and store.
/// The captcha-gen-serve binary is this command alone; `captcha-gen serve …` execs it with the same
/// arguments, so its help and errors are named `captcha-gen serve`.
@main
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "captcha-gen \(ServeSummary.commandName)",
    abstract: ServeSummary.abstract,
    discussion: """
      Challenges are made ahead of time by a background task and kept per kind (--pool); each \
      verifies at most once and expires after --ttl seconds. The API is described in \
      Sources/CaptchaServe/Resources/openapi.json, also served at /v1/openapi.json. The answer \
      never leaves the server, except with --dev (tests only). Logs go to standard error.

      Every option can also be set in the environment: CAPTCHA_GEN_ and the option's name in \
      capitals with underscores (CAPTCHA_GEN_PORT=8080, CAPTCHA_GEN_STORE=postgres://…, switches \
      1 or 0: CAPTCHA_GEN_REQUIRE_TRACK=1), or CAPTCHA_GEN_…_FILE naming a file that holds the \
      value (for secrets). The command line wins over the environment.
      """,
    version: CaptchaKitVersion.string)

  @Option(help: "Address to listen on.")
  var host = ServeSummary.defaultHost

  @Option(
    help:
      "Port to listen on; 0 picks a free one. The first line on standard output is 'listening on http://HOST:PORT'."
  )
  var port = ServeSummary.defaultPort

  @Option(
    name: .customLong("kind"),
    help: ArgumentHelp(
      "Kinds offered, a comma list of \(KindCatalog.names.joined(separator: ", ")) and \(ChallengeChoice.noPuzzleName) (proof of work only, no puzzle) (given again, the lists are joined); "
        + "a request without a kind gets the first. Default: \(KindCatalog.names.joined(separator: ", ")).",
      valueName: "kinds"),
    transform: { try ServeKinds.parse($0) })
  var kindLists: [ServeKinds] = []

  /// The kinds offered: the `--kind` lists joined, or every puzzle kind.
  var kinds: ServeKinds {
    kindLists.isEmpty ? ServeKinds(puzzles: KindCatalog.names, noPuzzle: nil) : ServeKinds(joining: kindLists)
  }

  @Option(
    help: ArgumentHelp(
      "Folder of PNG/JPEG backgrounds, one picked at random per challenge (default: the built-in picture).",
      valueName: "dir"))
  var images: String?

  @OptionGroup
  var captchaOptions: MakeOptionGroup

  @Option(
    help: ArgumentHelp(
      "Where challenges are kept: memory, or postgres://USER@HOST:PORT/DB shared by several instances. "
        + "(default: \(StoreChoice.memory.defaultValueDescription))",
      valueName: "store"),
    transform: { try StoreChoice.parse($0) })
  var store = StoreChoice.memory

  @Option(help: "Seconds a challenge stays verifiable.")
  var ttl = Int(ServiceSettings.defaultTTL)

  @Option(help: "Ready-made challenges kept per kind.")
  var pool = ServiceSettings.defaultPoolSize

  @Option(
    help: ArgumentHelp(
      "Threads that refill the pools, shared by the kinds (default: one per core this process may use).",
      valueName: "n"))
  var workers: Int?

  @Option(
    help: ArgumentHelp(
      "Requests per minute per client (address prefix, see --client-prefix) on the POST endpoints, counted in the store (shared by instances on one PostgreSQL); 0/min turns it off. "
        + "(default: \(RateLimitSpec(perMinute: 0).defaultValueDescription))",
      valueName: "N/min"),
    transform: { try RateLimitSpec.parse($0) })
  var rateLimit = RateLimitSpec(perMinute: 0)

  @Option(
    help: ArgumentHelp(
      "Proof of work in every challenge: on, or off (development only; serve warns).", valueName: "on|off"))
  var pow = PowSwitch.on

  @Option(
    help: ArgumentHelp(
      "Walks a proof-of-work puzzle takes on average at level 1 (each level above doubles it).",
      valueName: "n"))
  var powDifficulty = Int(PowSettings.defaultBaseDifficulty)

  @Option(help: ArgumentHelp("The highest proof-of-work level.", valueName: "n"))
  var powMaxLevel = PowSettings.defaultMaxLevel

  @Option(
    help: ArgumentHelp(
      "How proof-of-work levels rise with recent activity and fall back (docs/proof-of-work.md); keys left out keep their defaults. "
        + "(default: \(LevelSpec(rules: .standard).defaultValueDescription))",
      valueName: "key=value,…"),
    transform: { try LevelSpec.parse($0) })
  var levels = LevelSpec(rules: .standard)

  @Option(
    help: ArgumentHelp(
      "Bits of an IPv4 and an IPv6 address that name one client for levels and rate limits. "
        + "(default: \(ClientPrefixSpec(lengths: .standard).defaultValueDescription))",
      valueName: "v4,v6"),
    transform: { try ClientPrefixSpec.parse($0) })
  var clientPrefix = ClientPrefixSpec(lengths: .standard)

  @Option(
    help: ArgumentHelp(
      "Reverse proxies whose X-Forwarded-For names the client (the right-most address not in the list); requests from anywhere else are counted by their own address. "
        + "(default: \(TrustProxySpec(proxies: .none).defaultValueDescription): X-Forwarded-For is ignored)",
      valueName: "cidr,…"),
    transform: { try TrustProxySpec.parse($0) })
  var trustProxy = TrustProxySpec(proxies: .none)

  @Flag(
    help:
      "Fail answers sent without a drag track (this shuts out keyboard and assistive-technology users; see docs/serving.md)."
  )
  var requireTrack = false

  @Flag(help: "Tests only: add the answer to every challenge response (logs a warning at start).")
  var dev = false

  @OptionGroup(title: "Sites and pass tokens")
  var siteOptions: SiteOptionGroup

  @OptionGroup(title: "Analytics")
  var analyticsOptions: AnalyticsOptionGroup

  @Option(help: "How log lines on standard error look: text, or json (one object per line).")
  var logFormat = LogFormat.text

  /// The most challenges a pool may hold ready per kind: about 80 KB each, so 8 GB at most.
  static let maxPool = 100_000
  /// The most refill threads; more than the cores only add waiting threads.
  static let maxWorkers = 256

  func validate() throws {
    if !kindLists.isEmpty { _ = try ServeKinds.parse(kindLists.flatMap(\.names).joined(separator: ",")) }
    guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is out of range 0…65535") }
    guard ttl > 0 else { throw ValidationError("--ttl \(ttl) must be at least 1 second") }
    guard (1...Self.maxPool).contains(pool) else {
      throw ValidationError("--pool \(pool) must be in 1…\(Self.maxPool) (challenges held ready, per kind)")
    }
    if let workers, !(1...Self.maxWorkers).contains(workers) {
      throw ValidationError("--workers \(workers) must be in 1…\(Self.maxWorkers) (one thread each)")
    }
    if kinds.noPuzzle != nil && pow == .off {
      throw ValidationError(
        "--kind \(ChallengeChoice.noPuzzleName) is the proof of work alone; it cannot run with --pow off")
    }
    do {
      _ = try powSettings()
    } catch let error as PowError {
      throw ValidationError("--pow-difficulty \(powDifficulty) / --pow-max-level \(powMaxLevel): \(error)")
    }
  }

  /// The proof of work these options ask for; nil with `--pow off`.
  func powSettings() throws -> PowSettings? {
    guard pow == .on, powDifficulty > 0 else {
      if pow == .on { throw PowError.setting("the difficulty must be at least 1") }
      return nil
    }
    return try PowSettings.validated(baseDifficulty: UInt64(powDifficulty), maxLevel: powMaxLevel)
  }

  func run() async throws {
    logFormat.bootstrap()
    let logger = Logger(label: "captcha-gen.serve")
    let adminToken = try reportingErrors { try analyticsOptions.adminToken() }
    let (stores, database) = await self.stores(logger: logger)
    let service = try reportingErrors { try makeService(stores: stores, logger: logger) }
    let app = try CaptchaServer.application(
      service: service,
      settings: ServerSettings(
        host: host, port: port, trustedProxies: trustProxy.proxies, dev: dev, adminToken: adminToken),
      logger: logger,
      onListening: { host, port in
        writeAll(fd: 1, Array("listening on http://\(host):\(port)\n".utf8))
        logger.info("listening", metadata: ["host": "\(host)", "port": "\(port)", "kinds": "\(kinds.names)"])
      })
    do {
      try await app.runService()
    } catch {
      await database?.shutdown()
      printError("captcha-gen: " + ListenFailure.sentence(for: error, host: host, port: port))
      throw ExitCode(CaptchaError.Kind.io.exitCode)
    }
    await database?.shutdown()
  }

  /// The challenge service these options describe: the kinds (checked by making one of each), the
  /// backgrounds, the store.
  func makeService(stores: ServiceStores, logger: Logger) throws -> ChallengeService {
    let backgrounds = try images.map { dir -> ChallengeBackgrounds in
      guard case .files(let files) = try BatchInputs.folder(dir) else { return .builtIn }
      return .files(files.map(\.path))
    }
    let kinds = try captchaOptions.kinds(named: self.kinds.puzzles, withInputImages: backgrounds != nil)
    let factories = kinds.map { ChallengeFactory(kind: $0, backgrounds: backgrounds ?? .builtIn) }
    for factory in factories { _ = try factory.make() }
    let sites = try siteOptions.registry(offered: self.kinds.choices, logger: logger)
    let siteLooks = try siteOptions.siteFactories(
      sites, offered: self.kinds.puzzles, backgrounds: backgrounds)
    let settings = ServiceSettings(
      ttl: Double(ttl), poolSize: pool, requireTrack: requireTrack, tokenTTL: Double(siteOptions.tokenTTL),
      refillWorkers: workers ?? System.coreCount, pow: try powSettings(), levels: levels.rules,
      rateLimitPerMinute: rateLimit.perMinute, clientPrefixes: clientPrefix.lengths,
      analyticsRetention: analyticsOptions.analyticsRetention)
    return ChallengeService(
      factories: factories, stores: stores, sites: sites, siteLooks: siteLooks, settings: settings,
      noPuzzle: self.kinds.noPuzzle, logger: logger)
  }

  /// The stores `--store` names: all four in this process, or all four in one PostgreSQL store
  /// (returned too, to be shut down). A PostgreSQL store creates its tables now when it can; when the
  /// database is down it only logs that, answers 503 meanwhile and starts working once it is up.
  func stores(logger: Logger) async -> (ServiceStores, PostgresChallengeStore?) {
    switch store {
    case .memory:
      return (.inMemory(), nil)
    case .postgres(let configuration):
      let store = PostgresChallengeStore(configuration: configuration, logger: logger)
      do {
        try await store.prepare()
      } catch {
        logger.warning("starting without the database; requests get 503 until it answers: \(error)")
      }
      return (ServiceStores(keepingAllIn: store), store)
    }
  }
}
