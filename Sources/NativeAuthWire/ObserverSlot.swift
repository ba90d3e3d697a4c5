import FlowrunFoundation

/// One observer of `Event`s, set, replaced or removed as a whole from any thread.
///
/// The function is kept in a struct rather than as `Locked`'s value: every `inout` access to a function stored
/// in a generic container reabstracts it, and writes it back wrapped in one more thunk, so that reading it through
/// `Locked.withLock` made each later call one frame deeper.
package final class ObserverSlot<Event>: Sendable {
    private struct Observer: Sendable {
        let call: @Sendable (Event) -> Void
    }

    private let observer = Locked<Observer?>(nil)

    package init() {}

    /// Replaces the observer; nil removes it.
    package func set(_ call: (@Sendable (Event) -> Void)?) {
        observer.withLock { $0 = call.map(Observer.init) }
    }

    /// Calls the observer, if there is one, with each of `events`.
    package func notify(_ events: some Sequence<Event>) {
        guard let observer = observer.withLock({ $0 }) else { return }
        for event in events { observer.call(event) }
    }

    /// Calls the observer, if there is one, with `event`.
    package func notify(_ event: Event) {
        notify(CollectionOfOne(event))
    }
}
