import CaptchaKit
import CaptchaServe
import CaptchaService
import Hummingbird
import HummingbirdTesting
import XCTest

// The README's "Library use: inside your own Hummingbird app" example, compiled and run here.

struct SignupForm: Decodable {
  var name: String
  var captchaID: String
  var captchaX: Double
}

func signupApplication() -> some ApplicationProtocol {
  let service = ChallengeService(
    factories: [ChallengeFactory(kind: SlideKind(options: SlideOptions()), backgrounds: .builtIn)],
    store: MemoryChallengeStore())  // or a PostgreSQL store shared by several instances
  let router = Router()
  router.post("/signup/captcha") { _, _ -> Response in
    let issued = try await service.issue()
    // Send the id and what the page draws (sizes, start); the answer stays in the store.
    let facts: JSONValue = .object([("id", .string(issued.id))] + issued.ready.facts.jsonMembers)
    let body = JSONWriter.text(facts, layout: .compact)
    return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: body)))
  }
  router.post("/signup") { request, context -> HTTPResponse.Status in
    let form = try await request.decode(as: SignupForm.self, context: context)
    let outcome = try await service.verify(id: form.captchaID, response: ClientResponse(x: form.captchaX))
    guard case .verdict(let verdict) = outcome, verdict.passed else { throw HTTPError(.forbidden) }
    return .created  // … create the account for form.name
  }
  var app = Application(router: router)
  app.addServices(ChallengeServiceRunner(service: service))  // keeps the pool full, sweeps expired ones
  return app
}

final class LibraryUseTests: XCTestCase {
  func testTheReadmeExampleIssuesAndRefusesAWrongAnswer() async throws {
    try await signupApplication().test(.live) { client in
      let captcha = try await client.post("/signup/captcha")
      XCTAssertEqual(captcha.status, .ok)
      let id = try XCTUnwrap(try captcha.json["id"] as? String)
      let wrong = try await client.post(
        "/signup", "{\"name\": \"ada\", \"captchaID\": \"\(id)\", \"captchaX\": -40}")
      XCTAssertEqual(wrong.status, .forbidden)
    }
  }
}
