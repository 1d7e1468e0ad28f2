import CaptchaService
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// How `serve` runs besides the challenge service's own settings.
public struct ServerSettings: Sendable {
  public var host: String
  /// 0 picks a free port (`onListening` tells which).
  public var port: Int
  /// The reverse proxies whose X-Forwarded-For names the client (`--trust-proxy`; none by default).
  /// The rate limit itself is the service's (`ServiceSettings.rateLimitPerMinute`), kept in its store.
  public var trustedProxies: TrustedProxies
  /// Test-only: every challenge response carries its answer.
  public var dev: Bool
  /// The token the operator's endpoints (`/admin/`) ask for (`--admin-token-file`); nil: they are off.
  public var adminToken: AdminToken?

  public init(
    host: String = "127.0.0.1", port: Int = 8080, trustedProxies: TrustedProxies = .none, dev: Bool = false,
    adminToken: AdminToken? = nil
  ) {
    self.host = host
    self.port = port
    self.trustedProxies = trustedProxies
    self.dev = dev
    self.adminToken = adminToken
  }
}

/// The Hummingbird application of `captcha-gen serve`: the routes of the HTTP API in front of a
/// `ChallengeService`, whose pool refill and sweeper run as a service of the application.
public enum CaptchaServer {
  /// The router with every endpoint and JSON errors (embed it, or use `application`).
  public static func router(
    service: ChallengeService, settings: ServerSettings
  ) throws -> Router<ServeRequestContext> {
    let router = Router(context: ServeRequestContext.self)
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: CORSMiddleware(sites: service.sites))
    ChallengeRoutes(service: service, dev: settings.dev, proxies: settings.trustedProxies).add(to: router)
    SiteverifyRoutes(service: service).add(to: router)
    DropInVerifyRoutes(service: service).add(to: router)
    DropInScriptRoutes().add(to: router)
    OperationalRoutes(service: service, assets: ServeAssets.load()).add(to: router)
    if let token = settings.adminToken { AdminRoutes(service: service, token: token).add(to: router) }
    return router
  }

  /// The application: the router, the service's background work (and the writes of batched analytics,
  /// `AnalyticsFlushRunner`), and `onListening` called with
  /// the bound host and port once the server accepts connections.
  public static func application(
    service: ChallengeService, settings: ServerSettings, logger: Logger,
    onListening: @escaping @Sendable (String, Int) async -> Void = { _, _ in }
  ) throws -> some ApplicationProtocol {
    if settings.dev {
      logger.warning(
        "--dev is on: every challenge response carries its answer; never run this in production")
    }
    if service.settings.pow == nil {
      logger.warning(
        "--pow off: challenges carry no proof of work, so bots pay nothing per attempt; development only")
    }
    return Application(
      router: try router(service: service, settings: settings),
      configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "captcha-gen"),
      services: [ChallengeServiceRunner(service: service)] + analyticsFlushing(service),
      onServerRunning: { channel in
        await onListening(settings.host, channel.localAddress?.port ?? settings.port)
      },
      logger: logger)
  }

  /// The writer of the service's analytics when they are batched (`BatchedAnalyticsStore`).
  static func analyticsFlushing(_ service: ChallengeService) -> [any Service] {
    guard let batched = service.analytics as? BatchedAnalyticsStore else { return [] }
    return [AnalyticsFlushRunner(store: batched)]
  }
}

/// Runs a `ChallengeService`'s pool refill and sweeper for as long as the application runs (add it
/// to your own Hummingbird application's services when you embed the service; docs/library.md).
public struct ChallengeServiceRunner: Service {
  public let service: ChallengeService

  public init(service: ChallengeService) {
    self.service = service
  }

  public func run() async throws {
    await cancelWhenGracefulShutdown { await service.run() }
  }
}
