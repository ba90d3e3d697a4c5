import Hummingbird
import NativeAuthWire

extension ClientRequestID {
    /// The id to echo for a request: its header, else its query parameter (MSAL.js sends it in the query string
    /// of every call).
    static func value(in headers: HTTPFields, query: String? = nil) -> String {
        value(sentIn: [headers.first { $0.name.canonicalName == "client-request-id" }?.value, query.flatMap(fromQuery)])
    }
}
