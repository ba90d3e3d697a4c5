import AsyncHTTPClient
import FlowrunFoundation
import Foundation
import NIOCore
import NativeAuthWire

/// The dev outbox of an emulator served over HTTP (`flowrun serve --dev-outbox`): `GET {origin}/outbox?to=…&limit=N`
/// lists the codes it "sent", newest first, as `[{to, code, purpose, sentAt, expiresAt}]`. A real tenant has
/// none. Read-only; the request carries no secret.
public struct DevOutbox: Sendable {
    /// `{origin}/outbox` of the authority.
    public let url: URL
    let client: HTTPClient
    let timeout: Duration

    /// - Parameters:
    ///   - authority: the authority URL; the outbox is at its origin (`http://127.0.0.1:8080/outbox` for
    ///     `http://127.0.0.1:8080/contoso`).
    ///   - client: the HTTP client (default ``HTTPTransport/sharedClient``).
    ///   - timeout: how long the request may take.
    public init(authority: URL, client: HTTPClient = HTTPTransport.sharedClient, timeout: Duration = .seconds(10)) {
        self.url = NativeAuthAuthority.url(NativeAuthAuthority.origin(of: authority), appendingPath: "/outbox")
        self.client = client
        self.timeout = timeout
    }

    /// The newest `limit` codes sent, to `recipient` only when given.
    public func messages(to recipient: String? = nil, limit: Int = 1) async throws -> [DevOutboxMessage] {
        var query = [URLQueryItem(name: "limit", value: String(max(1, limit)))]
        if let recipient, !recipient.isEmpty { query.insert(URLQueryItem(name: "to", value: recipient), at: 0) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw DevOutboxError.unreadable(url: url.absoluteString)
        }
        components.queryItems = query
        // `+` is a space in the form-encoded query the server reads: escape it in addresses such as a+b@x.com.
        let encoded = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.percentEncodedQuery = encoded
        guard let address = components.url else { throw DevOutboxError.unreadable(url: url.absoluteString) }
        var request = HTTPClientRequest(url: address.absoluteString)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        let body: ByteBuffer
        let status: Int
        do {
            let response = try await client.execute(request, timeout: TimeAmount(timeout))
            status = Int(response.status.code)
            body = try await response.body.collect(upTo: HTTPTransport.maximumBodyBytes)
        } catch {
            let failure = HTTPTransportError(error, request: "GET /outbox", timeout: timeout)
            if failure == .cancelled || Task.isCancelled { throw CancellationError() }
            throw DevOutboxError.transport(failure)
        }
        guard status == 200 else { throw DevOutboxError.unavailable(status: status, url: url.absoluteString) }
        guard let items = try? JSONDecoder().decode([Value].self, from: Data(body.readableBytesView)) else {
            throw DevOutboxError.unreadable(url: url.absoluteString)
        }
        return items.compactMap(DevOutboxMessage.init(value:))
    }

    /// The code sent last (to `recipient` only when given); `nil` when none was sent.
    public func latestCode(to recipient: String? = nil) async throws -> String? {
        try await messages(to: recipient, limit: 1).first?.code
    }
}

/// One code of the dev outbox.
public struct DevOutboxMessage: Sendable, Hashable {
    /// The email address or phone number the code went to.
    public var to: String
    /// The one-time code.
    public var code: String
    /// `signUp`, `signIn`, `resetPassword`, `mfa` or `registration`.
    public var purpose: String

    /// A message as the outbox lists it.
    public init(to: String, code: String, purpose: String) {
        self.to = to
        self.code = code
        self.purpose = purpose
    }

    /// Reads `{to, code, purpose, …}`; `nil` without a code.
    init?(value: Value) {
        let code: String
        switch value[field: "code"] {
        case .string(let text) where !text.isEmpty: code = text
        case .integer(let number): code = String(number)
        default: return nil
        }
        self.init(
            to: value[field: "to"]?.stringValue ?? "", code: code, purpose: value[field: "purpose"]?.stringValue ?? "")
    }
}

/// The dev outbox could not be read.
public enum DevOutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The authority answered something other than 200 (404: no dev outbox, e.g. a real tenant or a server
    /// started without `--dev-outbox`).
    case unavailable(status: Int, url: String)
    /// The answer is not a JSON list.
    case unreadable(url: String)
    /// No answer.
    case transport(HTTPTransportError)

    public var description: String {
        switch self {
        case .unavailable(let status, let url):
            return "\(url) answered HTTP \(status): the authority has no dev outbox "
                + "(start the emulator with `flowrun serve --dev-outbox`)"
        case .unreadable(let url): return "\(url) did not answer a JSON list of codes"
        case .transport(let error): return error.description
        }
    }
}
