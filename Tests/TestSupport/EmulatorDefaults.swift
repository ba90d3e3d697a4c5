import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthTenant

/// A clock tests move by hand.
public final class TestClock: Sendable {
    private let current: Locked<Date>

    public init(_ start: Date = Date()) {
        current = Locked(start)
    }

    public var now: Date { current.withLock { $0 } }

    public func advance(_ seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

extension TenantConfiguration {
    /// The default tenant (`contoso`) with a cheap password hash.
    public static func testing(_ change: (inout TenantConfiguration) -> Void = { _ in }) -> TenantConfiguration {
        var configuration = TenantConfiguration()
        configuration.passwordHash.iterations = 1_000
        change(&configuration)
        return configuration
    }
}

/// The default client of the default tenant.
public let clientID = ClientConfiguration.defaultClientID
/// A password the default policy accepts.
public let strongPassword = "Blue-Sky-Ladder-42"
