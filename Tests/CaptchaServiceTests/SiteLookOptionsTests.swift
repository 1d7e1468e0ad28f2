import CaptchaKit
import CaptchaService
import XCTest

/// A site's look in sites.json is read by the library through the option table, without a command
/// line: an app that embeds the service gets the same looks and the same refusals as `serve`.
final class SiteLookOptionsTests: XCTestCase {
  func testALooksOptionsFillCaptchaOptionsAsTheirFlagsWould() throws {
    let look = [
      LookOption(key: "steps", value: .number(8)), LookOption(key: "difficulty", value: .string("hard")),
      LookOption(key: "piece_shadow", value: .bool(true)),
      LookOption(key: "shadow_offset", value: .string("2,3")),
      LookOption(key: "piece_rotation", value: .number(15)),
      LookOption(key: "hole_opacity", value: .number(0.6)),
      LookOption(key: "piece_bevel", value: .bool(false)),
      LookOption(key: "style_key_env", value: .string("SHOP_STYLE")),
    ]
    let options = try SiteLooks.options(look, environment: ["SHOP_STYLE": "shop secret"], at: "sites[0]")
    XCTAssertEqual(options.steps, 8)
    XCTAssertEqual(options.difficulty, .hard)
    XCTAssertEqual(options.pieceShadow, true)
    XCTAssertEqual(options.shadowOffset, PixelOffset(dx: 2, dy: 3))
    XCTAssertEqual(options.pieceRotation, RotationSpec(lower: 15, upper: 15))
    XCTAssertEqual(options.holeOpacity, 0.6)
    XCTAssertEqual(options.styleKey, "shop secret")
    XCTAssertEqual(
      options.given,
      [.steps, .pieceRotation, .difficulty, .holeOpacity, .pieceShadow, .shadowOffset, .styleKey],
      "false leaves a switch off")
  }

  func testEachBadLookOptionIsOneSentenceNamingItsPlace() {
    let cases: [(LookOption, String)] = [
      (
        LookOption(key: "steps", value: .string("many")),
        "\"sites[2].steps\" is refused: expected a whole number"
      ),
      (
        LookOption(key: "steps", value: .bool(true)),
        "\"sites[2].steps\" is refused: expected a value, not true or false"
      ),
      (
        LookOption(key: "piece_shadow", value: .string("yes")),
        "\"sites[2].piece_shadow\" is refused: expected true or false"
      ),
      (
        LookOption(key: "difficulty", value: .string("nightmare")),
        "\"sites[2].difficulty\" is refused: expected one of classic, easy, normal, hard"
      ),
      (
        LookOption(key: "size", value: .string("wide")),
        "\"sites[2].size\" is refused: expected WIDTHxHEIGHT in positive whole pixels, e.g. 320x160"
      ),
      (
        LookOption(key: "style_key", value: .string("k")),
        "\"sites[2].style_key\" is not a look option: a style key is a secret"
      ),
      (
        LookOption(key: "no_fsync", value: .bool(true)),
        "\"sites[2].no_fsync\" is not a look option: serve writes no files"
      ),
      (LookOption(key: "hostname", value: .string("x")), "\"sites[2].hostname\" is neither a key of a site"),
      (
        LookOption(key: "style_key_env", value: .string("UNSET_HERE")),
        "\"sites[2].style_key_env\" names UNSET_HERE, which is not set"
      ),
    ]
    for (option, message) in cases {
      XCTAssertThrowsError(try SiteLooks.options([option], environment: [:], at: "sites[2]")) { error in
        XCTAssertTrue("\(error)".hasPrefix(message), "\(option): \(error)")
      }
    }
  }

  func testAnEmbeddingAppBuildsASitesLookExperimentWithoutACommandLine() throws {
    let sites = [
      Site(sitekey: "plain", secrets: [], hostnames: .any),
      Site(
        sitekey: "shop", secrets: [], hostnames: .any,
        looks: [
          SiteLook(name: "stepped", weight: 3, options: [LookOption(key: "steps", value: .number(6))]),
          SiteLook(name: "server", weight: 1, options: []),
        ]),
    ]
    let looks = try SiteLooks.factories(
      sites: sites, offered: ["slide", "rotate"], backgrounds: nil, environment: [:])
    XCTAssertNil(looks["plain"], "a site without looks uses the server's pools")
    let shop = try XCTUnwrap(looks["shop"])
    XCTAssertEqual(shop.map(\.name), ["stepped", "server"])
    XCTAssertEqual(shop.map(\.weight), [3, 1])
    XCTAssertEqual(shop[0].factories?.map(\.kindName), ["slide", "rotate"])
    XCTAssertNil(shop[1].factories, "a look without options is the server's")
    let made = try XCTUnwrap(shop[0].factories?.first).make()
    guard case .array(let stops) = made.facts["steps"] else { return XCTFail("no steps in \(made.facts)") }
    XCTAssertEqual(stops.count, 6)
  }

  func testALookThatDoesNotWorkForAKindNamesTheOptionAsTheFileDoes() {
    let sites = [
      Site(sitekey: "s", secrets: [], hostnames: .any, look: [LookOption(key: "length", value: .number(5))])
    ]
    XCTAssertThrowsError(
      try SiteLooks.factories(sites: sites, offered: ["slide"], backgrounds: nil, environment: [:])
    ) { error in
      XCTAssertEqual(
        "\(error)", "\"sites[0]\" has a look that does not work: \"length\" does not apply to \"kind\" slide"
      )
    }
  }
}
