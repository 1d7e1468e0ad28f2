/// The reverse proxies whose `X-Forwarded-For` is believed (`serve --trust-proxy CIDR[,CIDR…]`;
/// none by default). A request from anywhere else is counted by its own peer address, whatever
/// header it sends.
public struct TrustedProxies: Sendable, Equatable {
  public var blocks: [AddressBlock]

  public static let none = TrustedProxies(blocks: [])

  public init(blocks: [AddressBlock]) {
    self.blocks = blocks
  }

  /// `CIDR[,CIDR…]` (an address alone is a block of one), or the first entry that is not one.
  public static func parse(_ text: String) -> Result<TrustedProxies, TrustedProxiesError> {
    var blocks: [AddressBlock] = []
    for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = entry.trimmingSpaces
      guard let block = AddressBlock(trimmed) else { return .failure(TrustedProxiesError(entry: trimmed)) }
      blocks.append(block)
    }
    return .success(TrustedProxies(blocks: blocks))
  }

  public func trusts(_ address: ClientAddress) -> Bool {
    blocks.contains { $0.contains(address) }
  }

  /// The client a request comes from. From an untrusted peer: the peer. From a trusted one: the
  /// addresses of `forwardedFor` (every X-Forwarded-For field, in order, comma lists joined) read
  /// from the right; the first that is not a trusted proxy is the client. An entry that is not an
  /// address ends the walk at the last trusted hop, which is then taken as the client; so does a
  /// header whose every address is trusted. nil when the peer is unknown.
  public func client(peer: ClientAddress?, forwardedFor: [String]) -> ClientAddress? {
    guard var current = peer, trusts(current) else { return peer }
    let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
    for hop in hops.reversed() {
      guard let address = ClientAddress(hop) else { return current }
      current = address
      if !trusts(address) { return address }
    }
    return current
  }
}

/// A `--trust-proxy` entry that is neither an address nor ADDRESS/BITS.
public struct TrustedProxiesError: Error, Equatable, CustomStringConvertible {
  public var entry: String

  public var description: String {
    "\"\(entry)\" is not an address block such as 10.0.0.0/8, 192.0.2.7 or 2001:db8::/32"
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
