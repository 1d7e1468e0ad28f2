import CaptchaService
import ServiceLifecycle

/// Writes a `BatchedAnalyticsStore`'s counters every interval for as long as the application runs,
/// and once more at a graceful stop (add it to your own Hummingbird application's services when you
/// batch the analytics of an embedded service).
public struct AnalyticsFlushRunner: Service {
  public let store: BatchedAnalyticsStore

  public init(store: BatchedAnalyticsStore) {
    self.store = store
  }

  public func run() async throws {
    await cancelWhenGracefulShutdown { await store.flushPeriodically() }
  }
}
