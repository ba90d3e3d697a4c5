import Logging
import ServiceLifecycle
import UnixSignals

/// Runs a service (a Hummingbird application) until the calling task is cancelled or, with `signals`, one of
/// them arrives. Either way the service shuts down gracefully: the listener closes, the connections it already
/// accepted are served, and what still runs after `gracePeriod` is cancelled.
///
/// Cancelling a Hummingbird server outright drops the connections it accepted but has not served yet, and
/// SwiftNIO stops the process when such a connection is released ("Deinited NIOAsyncWriter without calling
/// finish()"); a graceful shutdown serves them first.
package enum GracefulService {
    package static func run(
        _ service: some Service, signals: [UnixSignal] = [], gracePeriod: Duration = .seconds(5), logger: Logger
    ) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [service], gracefulShutdownSignals: signals, logger: logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        let group = ServiceGroup(configuration: configuration)
        // Not a child task: the caller's cancellation must reach the server only as a graceful shutdown.
        let serving = Task { try await group.run() }
        try await withTaskCancellationHandler {
            try await serving.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }
}
