import FlowEngine
import Foundation

/// The embedded authority's clock in a scenario: real time plus the time faults let pass.
final class ScenarioClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    /// Now, as the authority sees it.
    func now() -> Date {
        lock.withLock { Date().addingTimeInterval(offset) }
    }

    /// Lets `seconds` pass.
    func advance(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }
}
