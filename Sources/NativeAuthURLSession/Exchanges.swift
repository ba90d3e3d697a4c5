import Foundation
import NativeAuthWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s session: collects each task's answer up to a byte limit, refuses
/// every redirect, and completes the task's continuation once.
final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A complete answer.
    struct Answer: Sendable {
        var response: HTTPURLResponse
        var body: Data
    }

    /// Why a task ended without an answer.
    enum Failure: Error {
        case tooLarge(limit: Int)
        case transport(URLError)
        case notHTTP

        /// The transport error to throw for the request named `request`.
        func error(request: String, timeout: Duration) -> HTTPTransportError {
            switch self {
            case .tooLarge(let limit): return .bodyTooLarge(request: request, limit: limit)
            case .notHTTP: return .connectionFailed(request: request, reason: "the answer is not an HTTP answer")
            case .transport(let error):
                switch error.code {
                case .timedOut: return .requestTimeout(request: request, after: timeout)
                case .cancelled: return .cancelled
                default: return .connectionFailed(request: request, reason: error.localizedDescription)
                }
            }
        }
    }

    private struct Pending {
        var continuation: CheckedContinuation<Answer, any Error>
        var response: HTTPURLResponse?
        var body = Data()
        var tooLarge = false
    }

    private let limit: Int
    /// An `NSLock` rather than `Locked`: a pending exchange holds an `HTTPURLResponse`, which is not `Sendable`
    /// in every platform's Foundation, so the table cannot be a `Locked` value.
    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Starts `task`; its answer or failure resumes `continuation`.
    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Answer, any Error>) {
        lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { pending[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock { () -> Bool in
            guard var exchange = pending[dataTask.taskIdentifier], !exchange.tooLarge else { return false }
            if exchange.body.count + data.count > limit {
                exchange.tooLarge = true
                exchange.body = Data()
            } else {
                exchange.body.append(data)
            }
            pending[dataTask.taskIdentifier] = exchange
            return exchange.tooLarge
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if exchange.tooLarge {
            exchange.continuation.resume(throwing: Failure.tooLarge(limit: limit))
        } else if let error {
            exchange.continuation.resume(
                throwing: Failure.transport(error as? URLError ?? URLError(.unknown)))
        } else if let response = exchange.response ?? task.response as? HTTPURLResponse {
            exchange.continuation.resume(returning: Answer(response: response, body: exchange.body))
        } else {
            exchange.continuation.resume(throwing: Failure.notHTTP)
        }
    }
}
