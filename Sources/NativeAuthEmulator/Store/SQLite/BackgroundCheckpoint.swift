import FlowrunFoundation
import GRDB
import NativeAuthWire

/// Checkpoints of the file store's write-ahead log, on a connection of their own, so that the writer never stops
/// to copy the log into the database and sync both files (milliseconds, during which every write would wait).
///
/// After every `interval` commits a passive checkpoint starts, unless one is still running: it copies what no
/// reader still needs, beside the writer, which goes on appending. A checkpoint that fails is tried again after
/// the next `interval` commits; the writer's own automatic checkpoint, at a larger size, remains in case these
/// fall behind.
package final class BackgroundCheckpoint: Sendable {
    private struct State {
        var commits = 0
        var running = false
        var completed = 0
    }

    private let connection: DatabaseQueue
    private let interval: Int
    private let state = Locked(State())

    package init(path: String, configuration: Configuration, interval: Int = 50) throws {
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = max(interval, 1)
    }

    /// How many checkpoints ran to the end.
    var completed: Int { state.withLock { $0.completed } }

    /// Counts a commit of the writer; starts a checkpoint when it is due.
    package func committed() {
        let starts = state.withLock { state in
            state.commits += 1
            guard state.commits >= interval, !state.running else { return false }
            state.commits = 0
            state.running = true
            return true
        }
        guard starts else { return }
        connection.asyncWriteWithoutTransaction { db in
            let done = (try? db.checkpoint(.passive)) != nil
            self.state.withLock { state in
                state.running = false
                if done { state.completed += 1 }
            }
        }
    }
}
