import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The sentence serve ends with when it cannot listen or its server stops on an error: the
/// system's reason in words for the common cases (port in use, privileged port, foreign address).
enum ListenFailure {
  static func sentence(for error: any Error, host: String, port: Int) -> String {
    let place = "serve cannot listen on \(host):\(port)"
    switch (error as? IOError)?.errnoCode {
    case EADDRINUSE?:
      return
        "\(place): the port is in use; stop what uses it or choose another port (--port, CAPTCHA_GEN_PORT)."
    case EACCES?:
      return "\(place): permission denied (ports below 1024 need privileges; choose a port from 1024 up)."
    case EADDRNOTAVAIL?:
      return "\(place): \(host) is not an address of this machine (0.0.0.0 listens on all of them)."
    default:
      return "serve on \(host):\(port) stopped: \(error)."
    }
  }
}
