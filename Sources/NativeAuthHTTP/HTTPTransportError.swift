import AsyncHTTPClient
import Foundation
import NIOCore
import NativeAuthWire

extension HTTPTransportError {
    /// Sorts an error of AsyncHTTPClient or NIO.
    init(_ error: any Error, request: String, timeout: Duration) {
        switch error {
        case is CancellationError: self = .cancelled
        case let error as HTTPClientError where error == .cancelled: self = .cancelled
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            self = .requestTimeout(request: request, after: timeout)
        case let error as HTTPClientError where error == .connectTimeout: self = .connectTimeout(request: request)
        case let error as NIOTooManyBytesError: self = .bodyTooLarge(request: request, limit: error.maxBytes ?? 0)
        default: self = .connectionFailed(request: request, reason: Self.reason(error))
        }
    }

    /// A system error in words (`Connection refused`), not NIO's text of it (`connection reset (error set):
    /// Connection refused) (errno: 111)`); any other error as it describes itself.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return String(describing: error) }
        return String(cString: strerror(error.errnoCode))
    }

}
