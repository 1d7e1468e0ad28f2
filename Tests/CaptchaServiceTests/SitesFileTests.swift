import CaptchaKit
import CaptchaService
import XCTest

/// Sites files: a good file reads into sites; every wrong one is refused with the key at fault.
final class SitesFileTests: XCTestCase {
  static let digest = SHA256.hexDigest(Array("s3cret".utf8))

  func parse(_ text: String) throws -> [Site] { try SitesFile.parse(Array(text.utf8)) }

  func testAGoodFileReadsEveryField() throws {
    let sites = try parse(
      """
      {"sites": [
        {"sitekey": "shop", "secret_sha256": "\(Self.digest)", "hostnames": ["shop.example", "Admin.Example."],
         "kinds": ["rotate", "pow"],
         "old_secrets": [{"secret_sha256": "\(String(repeating: "ab", count: 32))", "valid_until": "2026-12-01T00:00:00Z"}]},
        {"sitekey": "blog", "secret_sha256": "\(Self.digest.uppercased())", "hostnames": ["*"]}
      ]}
      """)
    XCTAssertEqual(sites.map(\.sitekey), ["shop", "blog"])
    XCTAssertEqual(sites[0].kinds, [.puzzle("rotate"), .noPuzzle], "pow is the no-puzzle challenge")
    XCTAssertNil(sites[1].kinds)
    XCTAssertEqual(sites[0].hostnames.entries, ["shop.example", "admin.example"])
    XCTAssertEqual(sites[0].secrets.count, 2)
    XCTAssertEqual(sites[0].secrets[1].validUntil, Date(timeIntervalSince1970: 1_796_083_200))
    XCTAssertEqual(sites[1].secrets[0].sha256, SHA256.hash(Array("s3cret".utf8)), "hex digits in either case")
  }

  func testEveryProblemNamesItsKey() {
    let good =
      "\"sitekey\": \"shop\", \"secret_sha256\": \"\(Self.digest)\", \"hostnames\": [\"shop.example\"]"
    let cases: [(String, String, SitesFileError.Problem)] = [
      ("{\"sites\": [", "", .notJSON),
      ("[]", "", .wrongType(expected: "an object")),
      ("{}", "sites", .missing),
      ("{\"sites\": []}", "sites", .empty),
      ("{\"sites\": {}}", "sites", .wrongType(expected: "a list")),
      ("{\"sites\": [{\(good)}], \"site\": 1}", "site", .unknownKey(known: ["sites"])),
      (
        "{\"sites\": [{\(good), \"hostname\": [\"x\"]}]}", "sites[0].hostname",
        .badLookValue(known: SitesFile.siteKeys)
      ),
      ("{\"sites\": [{\(good), \"secret\": \"s3cret\"}]}", "sites[0].secret", .secretInClear),
      (
        "{\"sites\": [{\"secret_sha256\": \"\(Self.digest)\", \"hostnames\": [\"a.b\"]}]}",
        "sites[0].sitekey", .missing
      ),
      (
        "{\"sites\": [{\(good.replacingOccurrences(of: "\"shop\"", with: "\"my shop\""))}]}",
        "sites[0].sitekey", .badSitekey
      ),
      ("{\"sites\": [{\(good)}, {\(good)}]}", "sites[1].sitekey", .duplicateSitekey("shop")),
      (
        "{\"sites\": [{\(good.replacingOccurrences(of: Self.digest, with: "s3cret"))}]}",
        "sites[0].secret_sha256", .badDigest
      ),
      (
        "{\"sites\": [{\(good.replacingOccurrences(of: "\"shop.example\"", with: "\"https://shop.example\""))}]}",
        "sites[0].hostnames[0]", .badHostname("https://shop.example")
      ),
      (
        "{\"sites\": [{\(good.replacingOccurrences(of: "[\"shop.example\"]", with: "[]"))}]}",
        "sites[0].hostnames", .empty
      ),
      ("{\"sites\": [{\(good), \"kinds\": \"slide\"}]}", "sites[0].kinds", .wrongType(expected: "a list")),
      (
        "{\"sites\": [{\(good), \"old_secrets\": [{\"secret_sha256\": \"\(Self.digest)\", \"valid_until\": \"soon\"}]}]}",
        "sites[0].old_secrets[0].valid_until", .badDate("soon")
      ),
    ]
    for (text, key, problem) in cases {
      XCTAssertThrowsError(try parse(text), text) { error in
        XCTAssertEqual(error as? SitesFileError, SitesFileError(at: key, problem), text)
        XCTAssertTrue(
          key.isEmpty || ((error as? SitesFileError)?.description.contains(key) ?? false), "\(error)")
      }
    }
  }

  func testEveryOtherKeyWithAScalarIsALookOptionInKeyOrder() throws {
    let sites = try parse(
      """
      {"sites": [{"sitekey": "shop", "secret_sha256": "\(Self.digest)", "hostnames": ["*"],
                  "steps": 8, "difficulty": "hard", "piece_shadow": true, "style_key_env": "SHOP_KEY"}]}
      """)
    XCTAssertEqual(
      sites[0].look,
      [
        LookOption(key: "difficulty", value: .string("hard")),
        LookOption(key: "piece_shadow", value: .bool(true)),
        LookOption(key: "steps", value: .number(8)),
        LookOption(key: "style_key_env", value: .string("SHOP_KEY")),
      ])
  }

  func testHostnamesAllowThemselvesTheirSubdomainsAndPagesWithoutOrigin() {
    let list = HostnameList(["shop.example"])
    XCTAssertTrue(list.allows("shop.example"))
    XCTAssertTrue(list.allows("WWW.Shop.Example"))
    XCTAssertTrue(list.allows(""), "no Origin: a server or curl")
    XCTAssertFalse(list.allows("evilshop.example"), "a suffix that is not a subdomain")
    XCTAssertFalse(list.allows("shop.example.evil"))
    XCTAssertFalse(list.allows("null"))
    XCTAssertTrue(HostnameList.any.allows("null"))
  }

  func testSecretsMatchByTheirDigestAndARotatedOneOnlyDuringItsOverlap() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let site = Site(
      sitekey: "shop",
      secrets: [
        SiteSecret(secret: "new"), SiteSecret(sha256: SHA256.hash(Array("old".utf8)), validUntil: now + 60),
      ],
      hostnames: .any)
    let registry = SiteRegistry(sites: [site])
    XCTAssertEqual(registry.site(secret: "new", now: now)?.sitekey, "shop")
    XCTAssertEqual(registry.site(secret: "old", now: now + 59)?.sitekey, "shop")
    XCTAssertNil(registry.site(secret: "old", now: now + 60), "the overlap is over")
    XCTAssertNil(registry.site(secret: "ne", now: now))
    XCTAssertTrue(registry.isSecret("old"))
    XCTAssertFalse(registry.isSecret("shop"))
  }
}
