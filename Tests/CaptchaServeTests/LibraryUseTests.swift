import CaptchaKit
import CaptchaServe
import CaptchaService
import Hummingbird
import HummingbirdTesting
import XCTest

// docs/library.md's "Embed the challenge service" example, compiled and run here.

struct SignupForm: Decodable {
  var name: String
  /// The pass token the widget put into the form (its hidden `captcha-gen-response` input).
  var captchaToken: String
}

func signupApplication(secret: String) -> some ApplicationProtocol {
  let service = ChallengeService(
    factories: [ChallengeFactory(kind: SlideKind(options: SlideOptions()), backgrounds: .builtIn)],
    stores: .inMemory(),  // or ServiceStores(keepingAllIn: postgresStore), shared by several instances
    sites: .single(secret: secret))  // the secret your form handler checks tokens with
  let router = Router()
  router.post("/signup/captcha") { _, _ -> Response in
    let issued = try await service.issue()
    // Send the id and what the page draws (sizes, start); the answer stays in the store.
    let facts: JSONValue = .object([("id", .string(issued.id))] + issued.ready!.facts.jsonMembers)
    let body = JSONWriter.text(facts, layout: .compact)
    return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: body)))
  }
  router.post("/signup/captcha/:id/verify") { request, context -> String in
    let x = try await request.decode(as: Double.self, context: context)
    let outcome = try await service.verify(
      id: try context.parameters.require("id"), response: ClientResponse(x: x))
    // A pass carries a single-use token for the form; the page puts it into the form.
    guard case .verdict(_, let token?) = outcome else { throw HTTPError(.forbidden) }
    return token.text
  }
  router.post("/signup") { request, context -> HTTPResponse.Status in
    let form = try await request.decode(as: SignupForm.self, context: context)
    let result = try await service.siteverify(secret: secret, response: form.captchaToken)
    guard result.succeeded else { throw HTTPError(.forbidden) }
    return .created  // … create the account for form.name
  }
  var app = Application(router: router)
  app.addServices(ChallengeServiceRunner(service: service))  // keeps the pool full, sweeps expired ones
  return app
}

final class LibraryUseTests: XCTestCase {
  func testTheReadmeExampleIssuesAndRefusesAWrongAnswerAndAMadeUpToken() async throws {
    try await signupApplication(secret: "app-secret").test(.live) { client in
      let captcha = try await client.post("/signup/captcha")
      XCTAssertEqual(captcha.status, .ok)
      let id = try XCTUnwrap(try captcha.json["id"] as? String)
      let wrong = try await client.post("/signup/captcha/\(id)/verify", "-40")
      XCTAssertEqual(wrong.status, .forbidden)
      let madeUp = try await client.post("/signup", "{\"name\": \"ada\", \"captchaToken\": \"cg1.123.abc\"}")
      XCTAssertEqual(madeUp.status, .forbidden)
    }
  }
}
