import CaptchaKit
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `captcha-gen site new|secret` and `serve --sites`: keys that fit the sites file, and a sites file
/// (or secret) in the wrong shape refused at start with exit 64 and a sentence naming the key.
final class SiteCLITests: XCTestCase {
  func testSiteNewPrintsAnEntryServeAcceptsAndTheSecretWhoseDigestItHolds() throws {
    let r = try CLI.run(["site", "new", "--hostname", "shop.example", "--hostname", "*", "--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let printed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let entry = try XCTUnwrap(printed["entry"] as? [String: Any])
    let secret = try XCTUnwrap(printed["secret"] as? String)
    XCTAssertTrue(secret.hasPrefix("cgs_") && secret.count == 4 + 48, secret)
    XCTAssertEqual(entry["secret_sha256"] as? String, SHA256.hexDigest(Array(secret.utf8)))
    XCTAssertEqual(entry["hostnames"] as? [String], ["shop.example", "*"])
    XCTAssertTrue((entry["sitekey"] as? String)?.hasPrefix("cgk_") ?? false)
    XCTAssertFalse(r.stdout.components(separatedBy: secret).count > 2, "the secret is printed once")
    let other = try CLI.run(["site", "new", "--hostname", "shop.example", "--json"])
    XCTAssertFalse(other.stdout.contains(secret), "every run makes a new secret")

    let text = try CLI.run(["site", "new", "--hostname", "shop.example", "--sitekey", "shop"])
    XCTAssertEqual(text.status, 0, text.stderr)
    XCTAssertTrue(text.stdout.contains("\"sitekey\": \"shop\""), text.stdout)
    XCTAssertTrue(text.stdout.contains("shown only this once"), text.stdout)
  }

  func testSiteNewPrintsKeysInEachServicesFormat() throws {
    let shapes: [(String, String, String)] = [
      ("turnstile", #"^0x4AAAAAAA[A-Za-z0-9_-]{14}$"#, #"^0x4AAAAAAA[A-Za-z0-9_-]{25}$"#),
      ("hcaptcha", #"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#, #"^0x[0-9a-f]{40}$"#),
      ("recaptcha", #"^6L[A-Za-z0-9_-]{38}$"#, #"^6L[A-Za-z0-9_-]{38}$"#),
      ("captcha-gen", #"^cgk_[0-9a-f]{24}$"#, #"^cgs_[0-9a-f]{48}$"#),
    ]
    for (format, sitekeyPattern, secretPattern) in shapes {
      let r = try CLI.run(["site", "new", "--hostname", "shop.example", "--key-format", format, "--json"])
      XCTAssertEqual(r.status, 0, r.stderr)
      let printed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
      let entry = try XCTUnwrap(printed["entry"] as? [String: Any])
      let sitekey = try XCTUnwrap(entry["sitekey"] as? String)
      let secret = try XCTUnwrap(printed["secret"] as? String)
      XCTAssertNotNil(sitekey.range(of: sitekeyPattern, options: .regularExpression), "\(format): \(sitekey)")
      XCTAssertNotNil(secret.range(of: secretPattern, options: .regularExpression), "\(format): \(secret)")
      XCTAssertEqual(entry["secret_sha256"] as? String, SHA256.hexDigest(Array(secret.utf8)))
    }
    let wrong = try CLI.run(["site", "new", "--hostname", "shop.example", "--key-format", "friendly"])
    XCTAssertEqual(wrong.status, 64, wrong.stderr)
    XCTAssertTrue(wrong.stderr.contains("friendly"), wrong.stderr)
  }

  func testSiteNewRefusesWhatIsNotAHostname() throws {
    for (args, message) in [
      ([String](), "give at least one --hostname"),
      (["--hostname", "https://shop.example"], "--hostname https://shop.example is not a hostname"),
      (["--hostname", "shop.example", "--sitekey", "my shop"], "--sitekey must be letters"),
    ] {
      let r = try CLI.run(["site", "new"] + args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
    }
  }

  func testABadSitesFileOrSecretStopsServeAtStartNamingTheProblem() throws {
    let dir = try CLI.tempDir("sites")
    defer { try? FileManager.default.removeItem(at: dir) }
    func file(_ name: String, _ text: String) throws -> String {
      let url = dir.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let digest = String(repeating: "ab", count: 32)
    let cases: [([String], Int32, String)] = [
      (["--sites", try file("broken.json", "{\"sites\": [")], 64, "broken.json: the file is not valid JSON"),
      (
        [
          "--sites",
          try file(
            "clear.json", "{\"sites\": [{\"sitekey\": \"a\", \"secret\": \"x\", \"hostnames\": [\"a.b\"]}]}"),
        ],
        64, "clear.json: \"sites[0].secret\" holds a secret in clear"
      ),
      (
        [
          "--sites",
          try file(
            "host.json",
            "{\"sites\": [{\"sitekey\": \"a\", \"secret_sha256\": \"\(digest)\", \"hostnames\": [\"a.b\", \"http://c.d\"]}]}"
          ),
        ],
        64, "\"sites[0].hostnames[1]\" \"http://c.d\" is not a hostname"
      ),
      (
        [
          "--kind", "slide", "--sites",
          try file(
            "kind.json",
            "{\"sites\": [{\"sitekey\": \"a\", \"secret_sha256\": \"\(digest)\", \"hostnames\": [\"*\"], \"kinds\": [\"rotate\"]}]}"
          ),
        ],
        64, "\"sites[0].kinds[0]\" names kind \"rotate\", which this server does not offer (it offers slide)"
      ),
      (
        ["--sites", dir.appendingPathComponent("missing.json").path], 66,
        "missing.json: the file cannot be read"
      ),
      (["--secret-file", try file("empty-secret", "\n")], 64, "empty-secret is empty"),
      (
        ["--sites", try file("both.json", "{}"), "--secret-file", "x"], 64,
        "--secret-file is for the default site"
      ),
      (["--token-ttl", "0"], 64, "--token-ttl 0 must be at least 1 second"),
      (["--token-ttl", "99999999999999"], 64, "--token-ttl 99999999999999 is longer than a day"),
    ]
    for (args, status, message) in cases {
      let r = try CLI.run(["serve", "--port", "0", "--pool", "1"] + args)
      XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
      XCTAssertFalse(r.stdout.contains("listening on"), "\(args): it never listened")
    }
    let empty = try CLI.run(["serve", "--port", "0", "--pool", "1"], environment: ["CAPTCHA_GEN_SECRET": ""])
    XCTAssertEqual(empty.status, 64, empty.stderr)
    XCTAssertTrue(empty.stderr.contains("CAPTCHA_GEN_SECRET is set but empty"), empty.stderr)
    let both = try CLI.run(
      ["serve", "--port", "0", "--pool", "1", "--sites", try file("both-env.json", "{}")],
      environment: ["CAPTCHA_GEN_SECRET": "abc"])
    XCTAssertEqual(both.status, 64, both.stderr)
    XCTAssertTrue(
      both.stderr.contains("CAPTCHA_GEN_SECRET is the default site's secret; with --sites"), both.stderr)
    XCTAssertFalse(both.stdout.contains("listening on"))
  }

  func testTheDefaultSitesSecretComesFromTheFileWithoutItsNewlineOrFromTheEnvironment() async throws {
    let dir = try CLI.tempDir("secret")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("secret")
    try Data("file-secret\n".utf8).write(to: file)
    let runs: [([String], [String: String], String)] = [
      (["--secret-file", file.path], ["CAPTCHA_GEN_SECRET": "env-secret"], "file-secret"),
      ([], ["CAPTCHA_GEN_SECRET": "env-secret"], "env-secret"),
    ]
    for (args, environment, secret) in runs {
      let server = try ServeProcess.start(
        ["--port", "0", "--kind", "slide", "--pool", "1", "--dev", "--pow", "off"] + args,
        environment: environment)
      defer { server.stop() }
      let base = String(try server.firstLine(timeout: 120).dropFirst("listening on ".count))
      let challenge = try await post(base + "/v1/challenges", json: [:])
      let target = try XCTUnwrap((challenge["answer"] as? [String: Any])?["target"] as? [String: Int])
      let id = try XCTUnwrap(challenge["id"] as? String)
      let verdict = try await post(
        base + "/v1/challenges/\(id)/verify", json: ["x": target["x"]!, "y": target["y"]!])
      let token = try XCTUnwrap(verdict["token"] as? String, "\(verdict)")
      let wrong = try await post(base + "/v1/siteverify", json: ["secret": secret + "\n", "response": token])
      XCTAssertEqual(wrong["error-codes"] as? [String], ["invalid-input-secret"], "\(args)")
      let right = try await post(base + "/v1/siteverify", json: ["secret": secret, "response": token])
      XCTAssertEqual(right["success"] as? Bool, true, "\(args): \(right)")
      XCTAssertEqual(right["sitekey"] as? String, "default")
    }
  }

  func testWithoutASecretServeWarnsAndTestKeysAnswerAsDocumented() async throws {
    let server = try ServeProcess.start(["--port", "0", "--kind", "slide", "--pool", "1", "--test-keys"])
    defer { server.stop() }
    let base = String(try server.firstLine(timeout: 120).dropFirst("listening on ".count))
    let pass = try await post(
      base + "/v1/siteverify", json: ["secret": "test-secret-always-pass", "response": "x"])
    XCTAssertEqual(pass["success"] as? Bool, true)
    let fail = try await post(
      base + "/v1/siteverify", json: ["secret": "test-secret-always-fail", "response": "x"])
    XCTAssertEqual(fail["error-codes"] as? [String], ["invalid-input-response"])
    server.stop()
    let log = server.stderr()
    XCTAssertTrue(log.contains("no secret for the default site"), log)
    XCTAssertTrue(log.contains("--test-keys is on"), log)
  }

  /// POSTs `json` to `url`; the answer as a JSON object.
  func post(_ url: String, json: [String: Any]) async throws -> [String: Any] {
    var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: json)
    let (data, _) = try await URLSession.shared.data(for: request)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
  }

  func testASiteWithLookOptionsGetsItsOwnLookAndBadLooksStopServe() async throws {
    let dir = try CLI.tempDir("looks")
    defer { try? FileManager.default.removeItem(at: dir) }
    let digest = String(repeating: "ab", count: 32)
    func sites(_ look: String) throws -> String {
      let url = dir.appendingPathComponent("sites-\(UUID().uuidString).json")
      let text = """
        {"sites": [{"sitekey": "plain", "secret_sha256": "\(digest)", "hostnames": ["*"]},
                   {"sitekey": "looked", "secret_sha256": "\(digest)", "hostnames": ["*"]\(look)}]}
        """
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let look = ", \"steps\": 8, \"difficulty\": \"easy\", \"style_key_env\": \"CAPTCHA_TEST_SITE_STYLE\""
    let server = try ServeProcess.start(
      ["--port", "0", "--kind", "slide", "--pool", "1", "--dev", "--sites", try sites(look)],
      environment: ["CAPTCHA_TEST_SITE_STYLE": "the looked site's style"])
    defer { server.stop() }
    let base = String(try server.firstLine(timeout: 120).dropFirst("listening on ".count))
    let plain = try await post(base + "/v1/challenges", json: ["sitekey": "plain"])
    XCTAssertNil(plain["steps"], "\(plain)")
    XCTAssertFalse(
      try json(plain["answer"]).contains("fingerprint"), "the server's own look has no style key")
    let looked = try await post(base + "/v1/challenges", json: ["sitekey": "looked"])
    XCTAssertEqual((looked["steps"] as? [Any])?.count, 8, "\(looked)")
    let fingerprint = String(
      SHA256.hexDigest(Array("captcha-gen style fingerprint\u{0}the looked site's style".utf8)).prefix(8))
    XCTAssertTrue(try json(looked["answer"]).contains(fingerprint), "drawn with the key the variable holds")

    let cases: [(String, String)] = [
      (", \"difficulty\": \"nightmare\"", "\"sites[1].difficulty\" is refused: "),
      (", \"hostname\": \"x\"", "\"sites[1].hostname\" is neither a key of a site"),
      (", \"style_key\": \"k\"", "\"sites[1].style_key\" is not a look option: a style key is a secret"),
      (
        ", \"style_key_env\": \"CAPTCHA_TEST_UNSET_VARIABLE\"",
        "\"sites[1].style_key_env\" names CAPTCHA_TEST_UNSET_VARIABLE, which is not set"
      ),
      (
        ", \"length\": 5",
        "\"sites[1]\" has a look that does not work: \"length\" does not apply to \"kind\" slide"
      ),
    ]
    for (look, message) in cases {
      let r = try CLI.run([
        "serve", "--port", "0", "--kind", "slide", "--pool", "1", "--sites", try sites(look),
      ])
      XCTAssertEqual(r.status, 64, "\(look): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(message), "\(look): \(r.stderr)")
    }
  }

  /// `value` as JSON text.
  func json(_ value: Any?) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: try XCTUnwrap(value)), as: UTF8.self)
  }
}
