#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client's IP address as 16 bytes (IPv4 as an IPv4-mapped IPv6 address, ::ffff:a.b.c.d), read
/// from its text form. What levels and rate limits count by is its prefix (`ClientPrefixLengths`).
public struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
  public let bytes: [UInt8]

  /// The address in `text` (dotted IPv4, or IPv6 in any form inet_pton reads, with an optional
  /// `%zone`); nil when it is neither.
  public init?(_ text: String) {
    let bare = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
    guard !bare.isEmpty, bare.utf8.count <= 45 else { return nil }
    var v4 = in_addr()
    if inet_pton(AF_INET, bare, &v4) == 1 {
      let host = withUnsafeBytes(of: &v4) { Array($0) }
      bytes = Self.mappedPrefix + host
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, bare, &v6) == 1 else { return nil }
    bytes = withUnsafeBytes(of: &v6) { Array($0) }
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// ::ffff:0:0/96, the IPv4-mapped block.
  static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]

  /// Whether this is an IPv4 address (or an IPv4-mapped IPv6 one).
  public var isIPv4: Bool { Array(bytes[0..<12]) == Self.mappedPrefix }

  /// The first `bits` bits kept, the rest zero (`bits` counted in the address's own family).
  public func masked(to bits: Int) -> ClientAddress {
    let total = isIPv4 ? 96 + bits : bits
    var out = bytes
    for i in 0..<16 {
      let keep = min(max(total - 8 * i, 0), 8)
      out[i] &= keep == 8 ? 0xff : UInt8(truncatingIfNeeded: 0xff << (8 - keep))
    }
    return ClientAddress(bytes: out)
  }

  /// The address as text: dotted for IPv4, compressed IPv6 otherwise.
  public var description: String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    if isIPv4 {
      var v4 = in_addr()
      withUnsafeMutableBytes(of: &v4) { $0.copyBytes(from: bytes[12..<16]) }
      inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
    } else {
      var v6 = in6_addr()
      withUnsafeMutableBytes(of: &v6) { $0.copyBytes(from: bytes) }
      inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
    }
    return String(cString: text)
  }
}

/// How much of an address names one client for levels and rate limits (`serve --client-prefix`):
/// /24 of IPv4 and /56 of IPv6 by default, the blocks one subscriber usually holds.
public struct ClientPrefixLengths: Sendable, Equatable {
  public var ipv4: Int
  public var ipv6: Int

  public static let standard = ClientPrefixLengths(ipv4: 24, ipv6: 56)

  public init(ipv4: Int, ipv6: Int) {
    self.ipv4 = ipv4
    self.ipv6 = ipv6
  }

  /// The client key of `address`: its prefix in CIDR form, e.g. `203.0.113.0/24`.
  public func key(_ address: ClientAddress) -> String {
    let bits = address.isIPv4 ? ipv4 : ipv6
    return "\(address.masked(to: bits))/\(bits)"
  }
}

/// A block of addresses, `ADDRESS/BITS` (`serve --trust-proxy`); a bare address is the block of one.
public struct AddressBlock: Sendable, Equatable, CustomStringConvertible {
  public let address: ClientAddress
  public let bits: Int

  /// The block `text` names; nil when it is not an address with an optional /BITS in range.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count <= 2, let address = ClientAddress(String(parts[0])) else { return nil }
    let limit = address.isIPv4 ? 32 : 128
    if parts.count == 2 {
      guard let bits = Int(parts[1]), (0...limit).contains(bits), parts[1].allSatisfy(\.isNumber) else {
        return nil
      }
      self.bits = bits
    } else {
      self.bits = limit
    }
    self.address = address.masked(to: self.bits)
  }

  /// Whether `other` lies inside this block (an IPv4 block holds IPv4 addresses only).
  public func contains(_ other: ClientAddress) -> Bool {
    other.isIPv4 == address.isIPv4 && other.masked(to: bits) == address
  }

  public var description: String { "\(address)/\(bits)" }
}
