import CaptchaService
import XCTest

/// Addresses, their prefixes and the trusted-proxy walk of X-Forwarded-For.
final class ClientAddressTests: XCTestCase {
  func testPrefixesOfBothFamilies() throws {
    let prefixes = ClientPrefixLengths.standard
    XCTAssertEqual(prefixes.key(try XCTUnwrap(ClientAddress("203.0.113.77"))), "203.0.113.0/24")
    XCTAssertEqual(prefixes.key(try XCTUnwrap(ClientAddress("::ffff:203.0.113.77"))), "203.0.113.0/24")
    XCTAssertEqual(
      prefixes.key(try XCTUnwrap(ClientAddress("2001:db8:aa:bbcc:1::5"))), "2001:db8:aa:bb00::/56")
    XCTAssertEqual(prefixes.key(try XCTUnwrap(ClientAddress("fe80::1%eth0"))), "fe80::/56")
    for text in ["", "203.0.113", "203.0.113.256", "example.com", "1::2::3", "203.0.113.1/24"] {
      XCTAssertNil(ClientAddress(text), text)
    }
  }

  func testBlocksHoldTheirAddressesOnly() throws {
    let block = try XCTUnwrap(AddressBlock("10.0.0.0/8"))
    XCTAssertTrue(block.contains(try XCTUnwrap(ClientAddress("10.200.3.4"))))
    XCTAssertFalse(block.contains(try XCTUnwrap(ClientAddress("11.0.0.1"))))
    XCTAssertFalse(
      block.contains(try XCTUnwrap(ClientAddress("::a00:1"))), "an IPv6 address is not in an IPv4 block")
    XCTAssertNil(AddressBlock("10.0.0.0/33"))
    XCTAssertNil(AddressBlock("10.0.0.0/x"))
    XCTAssertEqual(AddressBlock("192.0.2.7")?.description, "192.0.2.7/32")
  }

  func testTheRightMostUntrustedHopIsTheClient() throws {
    let proxies = try TrustedProxies.parse("10.0.0.0/8,2001:db8::/32").get()
    let proxy = ClientAddress("10.0.0.2")
    let stranger = ClientAddress("198.51.100.4")
    func client(_ peer: ClientAddress?, _ header: [String]) -> String? {
      proxies.client(peer: peer, forwardedFor: header)?.description
    }
    XCTAssertEqual(client(stranger, ["203.0.113.9"]), "198.51.100.4", "an untrusted peer's header is ignored")
    XCTAssertEqual(client(proxy, ["203.0.113.9"]), "203.0.113.9")
    XCTAssertEqual(client(proxy, ["1.2.3.4, 203.0.113.9, 10.9.9.9"]), "203.0.113.9")
    XCTAssertEqual(
      client(proxy, ["1.2.3.4", "203.0.113.9,10.9.9.9"]), "203.0.113.9", "several fields read as one list")
    XCTAssertEqual(client(proxy, ["1.2.3.4, not-an-address, 10.9.9.9"]), "10.9.9.9", "garbage ends the walk")
    XCTAssertEqual(client(proxy, ["10.1.1.1"]), "10.1.1.1", "all trusted: the left-most")
    XCTAssertEqual(client(proxy, []), "10.0.0.2", "no header: the proxy itself")
    XCTAssertNil(client(nil, ["203.0.113.9"]))
    XCTAssertEqual(TrustedProxies.parse("10.0.0.0/8,bad").failureEntry, "bad")
  }
}

extension Result where Failure == TrustedProxiesError {
  fileprivate var failureEntry: String? {
    if case .failure(let error) = self { return error.entry }
    return nil
  }
}
