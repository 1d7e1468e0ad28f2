import CaptchaKit
import CaptchaServe
import CaptchaService
import Hummingbird

// A sign-up page's backend that embeds the challenge service: it issues slide captchas on
// POST /signup/captcha, answers a pass with a single-use token, and creates the account on
// POST /signup only when that token checks out (siteverify).
// Run: swift run SignupServer (then POST to http://127.0.0.1:8090/signup/captcha).

struct SignupForm: Decodable {
  var name: String
  /// The pass token the page put into the form once the captcha passed.
  var captchaToken: String
}

// The secret the form handler checks pass tokens with (in production: from a file or the
// environment, never in the page).
let secret = "example-secret"

let service = ChallengeService(
  factories: [
    ChallengeFactory(kind: SlideKind(options: SlideOptions(difficulty: .normal)), backgrounds: .builtIn)
  ],
  stores: .inMemory(),  // or ServiceStores(keepingAllIn: postgresStore), shared by several instances
  sites: .single(secret: secret))

let router = Router()
router.post("/signup/captcha") { _, _ -> Response in
  let issued = try await service.issue()
  // The id and what the page draws (sizes, start); the answer stays in the store.
  let facts: JSONValue = .object([("id", .string(issued.id))] + (issued.ready?.facts.jsonMembers ?? []))
  return Response(
    status: .ok, headers: [.contentType: "application/json"],
    body: .init(byteBuffer: ByteBuffer(string: JSONWriter.text(facts, layout: .compact))))
}
router.get("/signup/captcha/:id/:picture") { _, context -> Response in
  let id = try context.parameters.require("id")
  guard let which = ChallengePicture(rawValue: try context.parameters.require("picture")),
    let picture = try await service.picture(id: id, which)
  else { throw HTTPError(.notFound) }
  return Response(
    status: .ok, headers: [.contentType: picture.mediaType],
    body: .init(byteBuffer: ByteBuffer(bytes: picture.bytes)))
}
router.post("/signup/captcha/:id/verify") { request, context -> String in
  let x = try await request.decode(as: Double.self, context: context)
  let outcome = try await service.verify(
    id: try context.parameters.require("id"), response: ClientResponse(x: x))
  // A pass carries a single-use token; the page puts it into the form.
  guard case .verdict(_, let token?) = outcome else { throw HTTPError(.forbidden) }
  return token.text
}
router.post("/signup") { request, context -> HTTPResponse.Status in
  let form = try await request.decode(as: SignupForm.self, context: context)
  let result = try await service.siteverify(secret: secret, response: form.captchaToken)
  guard result.succeeded else { throw HTTPError(.forbidden) }
  return .created  // … create the account for form.name
}

var app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8090)))
app.addServices(ChallengeServiceRunner(service: service))  // keeps the pool full, sweeps expired ones
try await app.runService()
