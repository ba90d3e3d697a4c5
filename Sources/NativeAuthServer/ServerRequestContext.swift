import Hummingbird

/// The request context of ``NativeAuthHTTPServer``: Hummingbird's core context and the client's address (for
/// ``AddressRateLimit``).
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address as text, when the connection has one.
    let clientAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
