import FlowrunFoundation
import Foundation

/// The embedded authority's clock in a scenario: real time plus the time faults let pass.
final class ScenarioClock: Sendable {
    private let offset = Locked<TimeInterval>(0)

    /// Now, as the authority sees it.
    func now() -> Date {
        Date().addingTimeInterval(offset.value)
    }

    /// Lets `seconds` pass.
    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
