#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 GET over a plain TCP connection, with a deadline on the whole exchange: what
/// `healthcheck` asks a running serve with, and `report --serve` its admin endpoint. Kept to POSIX
/// sockets so captcha-gen stays lean (no Foundation networking) and works in an image that has no
/// curl.
public struct PlainHTTPGet {
  public var host: String
  public var port: Int
  public var path: String
  /// Seconds the connect, the request and the answer may take together.
  public var timeout: Double
  /// Header fields sent besides Host and Connection (`Authorization`).
  public var headers: [(name: String, value: String)]
  /// The most bytes of the answer read.
  public var maxAnswerBytes: Int

  /// What the server answered.
  public struct Answer {
    public var status: Int
    public var body: String
  }

  /// Why no answer came; one sentence each.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The largest answer read by default; /healthz answers a few bytes.
  public static let defaultMaxAnswerBytes = 64 << 10

  public init(
    host: String, port: Int, path: String, timeout: Double, headers: [(name: String, value: String)] = [],
    maxAnswerBytes: Int = defaultMaxAnswerBytes
  ) {
    self.host = host
    self.port = port
    self.path = path
    self.timeout = timeout
    self.headers = headers
    self.maxAnswerBytes = maxAnswerBytes
  }

  /// Connects, sends the request, reads the answer until the server closes the connection.
  public func get() throws(Failure) -> Answer {
    let deadline = Self.now() + timeout
    let fd = try connect(deadline: deadline)
    defer { close(fd) }
    let fields = headers.map { "\($0.name): \($0.value)\r\n" }.joined()
    let request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\n\(fields)Connection: close\r\n\r\n"
    try send(Array(request.utf8), on: fd, deadline: deadline)
    return try Self.parse(receive(on: fd, deadline: deadline), from: "\(host):\(port)")
  }

  /// A connected socket to `host:port` (the first address that accepts).
  private func connect(deadline: Double) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let rc = getaddrinfo(host, String(port), &hints, &list)
    guard rc == 0, let first = list else {
      throw Failure(description: "\(host) is not an address: \(String(cString: gai_strerror(rc)))")
    }
    defer { freeaddrinfo(list) }
    var reason = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
        if wait(fd, for: Int16(POLLOUT), deadline: deadline) {
          var error: Int32 = 0
          var length = socklen_t(MemoryLayout<Int32>.size)
          getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
          if error == 0 { return fd }
          reason = String(cString: strerror(error))
        } else {
          reason = "no answer within \(timeout) s"
        }
      } else {
        reason = String(cString: strerror(errno))
      }
      close(fd)
    }
    throw Failure(description: "cannot connect to \(host):\(port): \(reason)")
  }

  private func send(_ bytes: [UInt8], on fd: Int32, deadline: Double) throws(Failure) {
    var sent = 0
    while sent < bytes.count {
      guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
        throw Failure(description: "\(host):\(port) took the request for longer than \(timeout) s")
      }
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard n > 0 else {
        throw Failure(
          description: "\(host):\(port) closed the connection: \(String(cString: strerror(errno)))")
      }
      sent += n
    }
  }

  private func receive(on fd: Int32, deadline: Double) throws(Failure) -> [UInt8] {
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while answer.count < maxAnswerBytes {
      guard wait(fd, for: Int16(POLLIN), deadline: deadline) else {
        throw Failure(description: "\(host):\(port) did not answer within \(timeout) s")
      }
      let n = recv(fd, &chunk, chunk.count, 0)
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard n >= 0 else {
        throw Failure(description: "reading from \(host):\(port) failed: \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      answer += chunk[..<n]
    }
    return answer
  }

  /// Waits until `fd` is ready for `events` or the deadline passes.
  private func wait(_ fd: Int32, for events: Int16, deadline: Double) -> Bool {
    while true {
      let left = deadline - Self.now()
      guard left > 0 else { return false }
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let n = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
      if n > 0 { return true }
      if n == 0 || errno != EINTR { return false }
    }
  }

  /// The status and body of an HTTP/1.1 answer (the body as sent: /healthz does not chunk).
  public static func parse(_ bytes: [UInt8], from server: String) throws(Failure) -> Answer {
    let text = String(decoding: bytes, as: UTF8.self)
    let statusLine = text.prefix { $0 != "\r" && $0 != "\n" }
    let fields = statusLine.split(separator: " ")
    guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), let status = Int(fields[1]) else {
      throw Failure(description: "\(server) did not answer in HTTP")
    }
    let separator: [UInt8] = [13, 10, 13, 10]
    let bodyStart = bytes.indices.first { bytes[$0...].starts(with: separator) }.map { $0 + separator.count }
    let body = bodyStart.map { String(decoding: bytes[$0...], as: UTF8.self) } ?? ""
    return Answer(status: status, body: body)
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
