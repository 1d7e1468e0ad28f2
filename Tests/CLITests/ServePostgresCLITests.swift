import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Several `captcha-gen serve --store postgres://…` processes on the real PostgreSQL server
/// `make test` starts (`CAPTCHA_TEST_POSTGRES_URL`; `CAPTCHA_TEST_POSTGRES_CONTROL` stops and
/// restarts it): challenges cross instances exactly once, outlive the instance that issued them, and
/// a database outage gives 503s, never a pass, until the service recovers by itself.
final class ServePostgresCLITests: XCTestCase {
  func testChallengeIssuedByOneInstanceVerifiesOnAnotherOnceAndOutlivesItsIssuer() async throws {
    let url = try PostgresForServe.url()
    let first = try await ServeInstance.start(store: url)
    let second = try await ServeInstance.start(store: url)
    defer {
      first.process.stop()
      second.process.stop()
    }

    let challenge = try await first.issue()
    let picture = try await second.request("GET", "v1/challenges/\(challenge.id)/background")
    XCTAssertEqual(picture.status, 200, "the other instance serves the picture from the database")
    XCTAssertEqual(picture.contentType, "image/png")
    let verdict = try await second.verify(challenge)
    XCTAssertEqual(verdict.status, 200)
    XCTAssertEqual(verdict.json["pass"] as? Bool, true, "\(verdict.json)")
    let replay = try await first.verify(challenge)
    XCTAssertEqual(replay.status, 409, "verified on the other instance: refused here")

    let orphan = try await first.issue()
    first.process.kill()
    let afterKill = try await second.verify(orphan)
    XCTAssertEqual(afterKill.status, 200, "the killed instance's challenge lives in PostgreSQL")
    XCTAssertEqual(afterKill.json["pass"] as? Bool, true, "\(afterKill.json)")
    let again = try await second.verify(orphan)
    XCTAssertEqual(again.status, 409)
  }

  func testDatabaseOutageGives503NeverAPassAndTheServiceRecoversByItself() async throws {
    let url = try PostgresForServe.url()
    let server = try await ServeInstance.start(store: url)
    defer { server.process.stop() }
    let issuedBefore = try await server.issue()

    try PostgresForServe.control("pause")
    addTeardownBlock { try PostgresForServe.control("resume") }
    let issue = try await server.request("POST", "v1/challenges", body: "{}")
    XCTAssertEqual(issue.status, 503, "\(issue.json)")
    XCTAssertNotNil(issue.json["error"] as? String, "a JSON error: \(issue.json)")
    let verify = try await server.verify(issuedBefore)
    XCTAssertEqual(verify.status, 503, "the right answer does not pass without the database")
    XCTAssertNil(verify.json["pass"])
    XCTAssertNotNil(verify.json["error"] as? String, "a JSON error: \(verify.json)")
    let health = try await server.request("GET", "healthz")
    XCTAssertNotEqual(health.status, 200)

    try PostgresForServe.control("resume")
    try await server.waitUntilHealthy()
    let verdict = try await server.verify(issuedBefore)
    XCTAssertEqual(verdict.status, 200, "issued before the outage, verified after it, same process")
    XCTAssertEqual(verdict.json["pass"] as? Bool, true, "\(verdict.json)")
    let issuedAfter = try await server.request("POST", "v1/challenges", body: "{}")
    XCTAssertEqual(issuedAfter.status, 200)
  }
}

/// The test PostgreSQL server's URL, and its stop/start script.
private enum PostgresForServe {
  static func url() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["CAPTCHA_TEST_POSTGRES_URL"], !url.isEmpty else {
      throw XCTSkip(
        "CAPTCHA_TEST_POSTGRES_URL is not set: run `make test` (it starts a throw-away PostgreSQL server).")
    }
    return url
  }

  /// `pause` stops the server, `resume` starts it again (tools/pg/cluster.sh).
  static func control(_ action: String) throws {
    guard let script = ProcessInfo.processInfo.environment["CAPTCHA_TEST_POSTGRES_CONTROL"] else {
      throw XCTSkip("CAPTCHA_TEST_POSTGRES_CONTROL is not set: run `make test`.")
    }
    let result = try CLI.run(executable: URL(fileURLWithPath: script), [action])
    XCTAssertEqual(result.status, 0, "\(script) \(action): \(result.stderr)")
  }
}

/// One `serve --store postgres://… --kind slide --dev --pow off` process and HTTP requests to it
/// (the proof of work across instances is tested in CaptchaStorePostgresTests).
private struct ServeInstance {
  let process: ServeProcess
  let base: URL

  struct Challenge {
    var id: String
    var target: (x: Int, y: Int)
  }

  struct Response {
    var status: Int
    var contentType: String?
    var json: [String: Any]
  }

  static func start(store: String) async throws -> ServeInstance {
    let process = try ServeProcess.start([
      "--port", "0", "--store", store, "--kind", "slide", "--pool", "2", "--dev", "--pow", "off",
    ])
    let line = try process.firstLine(timeout: 120)
    let base = try XCTUnwrap(URL(string: String(line.dropFirst("listening on ".count))), line)
    return ServeInstance(process: process, base: base)
  }

  /// A new slide challenge and, from `--dev`, where its piece goes.
  func issue() async throws -> Challenge {
    let response = try await request("POST", "v1/challenges", body: "{}")
    XCTAssertEqual(response.status, 200, "\(response.json)")
    let id = try XCTUnwrap(response.json["id"] as? String)
    let answer = try XCTUnwrap(response.json["answer"] as? [String: Any], "--dev adds the answer")
    let target = try XCTUnwrap(answer["target"] as? [String: Any])
    let x = try XCTUnwrap(target["x"] as? Int)
    let y = try XCTUnwrap(target["y"] as? Int)
    return Challenge(id: id, target: (x, y))
  }

  /// The right answer to `challenge`.
  func verify(_ challenge: Challenge) async throws -> Response {
    try await request(
      "POST", "v1/challenges/\(challenge.id)/verify",
      body: "{\"x\": \(challenge.target.x), \"y\": \(challenge.target.y)}")
  }

  func request(_ method: String, _ path: String, body: String? = nil) async throws -> Response {
    var request = URLRequest(url: base.appendingPathComponent(path), timeoutInterval: 20)
    request.httpMethod = method
    if let body {
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    let contentType = http.value(forHTTPHeaderField: "Content-Type")
    let json =
      contentType?.hasPrefix("application/json") == true
      ? (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:] : [:]
    return Response(status: http.statusCode, contentType: contentType, json: json)
  }

  /// Polls `/healthz` until it answers 200; fails after 30 s.
  func waitUntilHealthy() async throws {
    let deadline = Date().addingTimeInterval(30)
    while try await request("GET", "healthz").status != 200 {
      guard Date() < deadline else { throw ServeProcessError(message: "/healthz stayed unhealthy for 30 s") }
      try await Task.sleep(for: .milliseconds(200))
    }
  }
}
