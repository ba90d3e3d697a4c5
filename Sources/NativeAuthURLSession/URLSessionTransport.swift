import FlowrunFoundation
import Foundation
import NativeAuthWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries native-auth requests over HTTP(S) with Foundation's `URLSession`: the transport for apps (no SwiftNIO,
/// no BoringSSL; the system's TLS, proxies and certificate trust). It behaves as `HTTPTransport` does:
///
/// - Each `WireRequest` becomes a `POST` of its form body to the authority URL plus the endpoint path, with the
///   request's headers; `client-request-id`, `return-client-request-id` and `Accept` are added when missing.
/// - Redirects are never followed: a 3xx answer comes back as it is (the client reports a general error).
/// - At most ``maximumBodyBytes`` of a body are read; a longer body ends the exchange with
///   `HTTPTransportError.bodyTooLarge(request:limit:)`.
/// - A body that is a JSON object becomes `WireResponse.body` whatever the status; any other body gives `nil`.
/// - No retry here (the native-auth client retries a 5xx once). No cookie, cache or credential is stored.
/// - `send` throws `HTTPTransportError` when no answer arrived, and `CancellationError` when the task was
///   cancelled (the request is cancelled with it).
public final class URLSessionTransport: Transport, @unchecked Sendable {
    /// The most body bytes read from an answer: 1 MiB.
    public static let maximumBodyBytes = 1 << 20

    /// The authority, e.g. `http://127.0.0.1:8080/contoso` or
    /// `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`; endpoint paths are appended to its path.
    public let authority: URL
    /// How long one exchange may take, connection included.
    public let requestTimeout: Duration
    private let session: URLSession
    private let exchanges: Exchanges

    /// - Parameters:
    ///   - authority: the authority URL (`NativeAuthAuthority.parse(_:)` checks one given as text).
    ///   - requestTimeout: how long one exchange may take, connection included (default 30 s).
    public init(authority: URL, requestTimeout: Duration = .seconds(30)) {
        self.authority = authority
        self.requestTimeout = requestTimeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForResource = requestTimeout.seconds
        exchanges = Exchanges(limit: Self.maximumBodyBytes)
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Posts `request` and returns the answer, whatever its status; throws `HTTPTransportError` when none
    /// arrived, `CancellationError` when the task was cancelled.
    public func send(_ request: WireRequest) async throws -> WireResponse {
        let name = "POST \(request.endpoint.path)"
        var outgoing = URLRequest(url: NativeAuthAuthority.url(authority, appendingPath: request.endpoint.path))
        outgoing.httpMethod = "POST"
        outgoing.timeoutInterval = requestTimeout.seconds
        for (header, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            outgoing.setValue(value, forHTTPHeaderField: header)
        }
        if outgoing.value(forHTTPHeaderField: "client-request-id") == nil {
            outgoing.setValue(RandomUUID.lowercased(), forHTTPHeaderField: "client-request-id")
        }
        if outgoing.value(forHTTPHeaderField: "return-client-request-id") == nil {
            outgoing.setValue("true", forHTTPHeaderField: "return-client-request-id")
        }
        if outgoing.value(forHTTPHeaderField: "Accept") == nil {
            outgoing.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        outgoing.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        outgoing.httpBody = Data(FormBody.encode(request.parameters).utf8)

        try Task.checkCancellation()
        let task = session.dataTask(with: outgoing)
        let answer: Exchanges.Answer
        do {
            answer = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    exchanges.start(task, continuation: continuation)
                }
            } onCancel: {
                task.cancel()
            }
        } catch let failure as Exchanges.Failure {
            if Task.isCancelled { throw CancellationError() }
            throw failure.error(request: name, timeout: requestTimeout)
        }
        return WireResponse(
            status: answer.response.statusCode, headers: Self.headers(of: answer.response),
            body: Self.jsonObject(answer.body))
    }

    /// The headers, names lowercased; repeated headers are joined with ", ".
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            let key = String(describing: name).lowercased()
            let text = String(describing: value)
            result[key] = result[key].map { $0 + ", " + text } ?? text
        }
        return result
    }

    /// The body as a JSON object; `nil` when it is empty, not JSON, or JSON but not an object.
    static func jsonObject(_ body: Data) -> [String: Value]? {
        guard !body.isEmpty else { return nil }
        if let object = JSONObjectReader.read(body) { return object }
        return try? JSONDecoder().decode([String: Value].self, from: body)
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's time intervals count.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
