import Hummingbird
import NIOCore

/// The request context of `serve`: Hummingbird's core context plus the client's address, which
/// the per-client rate limit counts by.
public struct ServeRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
