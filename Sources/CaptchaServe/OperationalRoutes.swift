import CaptchaService
import Hummingbird

/// Everything besides challenges: `/healthz`, `/metrics`, `/v1/openapi.json`, `/widget.js`,
/// `/pow-worker.js` (the proof-of-work solver the widget runs in a Web Worker) and the demo page at `/`.
struct OperationalRoutes {
  let service: ChallengeService
  let assets: ServeAssets

  func add(to router: Router<ServeRequestContext>) {
    // One widget per puzzle; the no-puzzle challenge shows through their "I can't solve the puzzle"
    // button (alone, it is an invisible widget: the page shows it only when nothing else is offered).
    let demo = assets.demoPage(
      kinds: service.puzzleKinds.isEmpty ? service.kinds.map(\.name) : service.puzzleKinds)
    router.get("/healthz") { _, context in try await health(context) }
    router.get("/metrics") { _, _ in
      Response.body(Array(await service.metricsText().utf8), mediaType: PrometheusText.mediaType)
    }
    router.get("/v1/openapi.json") { _, _ in Response.body(assets.openAPI, mediaType: "application/json") }
    router.get("/widget.js") { _, _ in
      Response.body(assets.widgetScript, mediaType: "application/javascript; charset=utf-8")
    }
    router.get("/pow-worker.js") { _, _ in
      Response.body(assets.powWorkerScript, mediaType: "application/javascript; charset=utf-8")
    }
    router.get("/") { _, _ in Response.body(demo, mediaType: "text/html; charset=utf-8") }
  }

  /// 200 `{"status": "ok"}`, or 503 when the store cannot be reached.
  func health(_ context: ServeRequestContext) async throws -> Response {
    do {
      try await service.checkHealth()
      return .json(.object([("status", .string("ok"))]))
    } catch let error as ChallengeStoreUnavailable {
      throw ChallengeRoutes.unavailable(error, context)
    }
  }
}
