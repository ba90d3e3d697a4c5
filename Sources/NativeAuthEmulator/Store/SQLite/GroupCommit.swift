import FlowrunFoundation
import GRDB
import NativeAuthWire

/// Group commit: the write transactions of concurrent requests run one after another on the writer's queue, each
/// in a savepoint of one transaction, and are committed together. Under load one commit (one WAL append, one lock
/// cycle, one trip to the writer's queue) serves many requests; a request alone commits by itself.
///
/// Each request is answered only after the commit that holds its writes succeeded, so an answer never reports a
/// write a crash could still lose. A request whose body throws has its savepoint rolled back and gets its error;
/// the others keep their writes. When the transaction itself fails (it cannot begin or commit, or the database
/// rolled it back), no write of the batch was kept and every request in it gets that error.
package final class GroupCommit: Sendable {
    /// A request waiting for the writer.
    private struct Pending: Sendable {
        /// Runs the request's body in a savepoint of the batch's transaction, keeping its result for later.
        let run: @Sendable (Database) -> Ran
        /// Answers the request with a failure of the batch's transaction.
        let fail: @Sendable (any Error) -> Void
    }

    /// A request whose body ran: its own error, if any, and the answer to give once the batch committed.
    private struct Ran {
        let error: (any Error)?
        /// The request's writes could not be undone: the batch must not commit.
        let undoFailed: (any Error)?
        let answer: @Sendable () -> Void
    }

    private struct Queue: Sendable {
        var waiting: [Pending] = []
        var draining = false
    }

    private let writer: any DatabaseWriter
    private let queue = Locked(Queue())
    /// The most requests committed together, so that a long queue is not answered all at once at the end.
    private let batchLimit: Int
    /// Called on the writer's queue after each batch committed.
    private let afterCommit: (@Sendable () -> Void)?

    package init(
        writer: any DatabaseWriter, batchLimit: Int = 32, afterCommit: (@Sendable () -> Void)? = nil
    ) {
        self.writer = writer
        self.batchLimit = max(batchLimit, 1)
        self.afterCommit = afterCommit
    }

    /// How many requests wait for the writer now.
    var waiting: Int { queue.withLock { $0.waiting.count } }

    /// Runs `body` in the next batch and returns its result once that batch committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await writeDatabase { db in try body(SQLiteTransaction(db: db)) }
    }

    /// Runs `body` on the database in the next batch and returns its result once that batch committed.
    package func writeDatabase<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(
                run: { db in
                    var outcome: Result<T, any Error>
                    var undoFailed: (any Error)?
                    do {
                        try db.cachedStatement(sql: "SAVEPOINT request").execute()
                        outcome = .success(try body(db))
                        try db.cachedStatement(sql: "RELEASE SAVEPOINT request").execute()
                    } catch {
                        outcome = .failure(error)
                        do {
                            try db.cachedStatement(sql: "ROLLBACK TRANSACTION TO SAVEPOINT request").execute()
                            try db.cachedStatement(sql: "RELEASE SAVEPOINT request").execute()
                        } catch {
                            undoFailed = error
                        }
                    }
                    let error: (any Error)? = if case .failure(let error) = outcome { error } else { nil }
                    let result = outcome
                    return Ran(error: error, undoFailed: undoFailed, answer: { continuation.resume(with: result) })
                },
                fail: { error in continuation.resume(throwing: error) })
            let starts = queue.withLock { queue in
                queue.waiting.append(pending)
                guard !queue.draining else { return false }
                queue.draining = true
                return true
            }
            if starts { writer.asyncWriteWithoutTransaction { db in self.drain(db) } }
        }
    }

    /// On the writer's queue: commits batches until nobody is waiting.
    private func drain(_ db: Database) {
        while let batch = nextBatch() {
            var ran: [Ran] = []
            ran.reserveCapacity(batch.count)
            do {
                try inTransaction(db) {
                    for pending in batch {
                        let outcome = pending.run(db)
                        ran.append(outcome)
                        if let undoFailed = outcome.undoFailed { throw undoFailed }
                        if !db.isInsideTransaction {
                            throw outcome.error ?? StoreUnavailable("the database rolled the write transaction back")
                        }
                    }
                }
            } catch {
                for pending in batch { pending.fail(error) }
                continue
            }
            afterCommit?()
            for outcome in ran { outcome.answer() }
        }
    }

    /// Runs `body` in an immediate transaction, committed when it returns and rolled back when it throws. What
    /// GRDB's `inTransaction` does, through cached statements: it prepares `BEGIN` and `COMMIT` anew each time.
    private func inTransaction(_ db: Database, _ body: () throws -> Void) throws {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            // A failed commit may have rolled back already; the first error is the one reported.
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }

    /// The next requests to commit together, or nil (and no longer draining) when none wait.
    private func nextBatch() -> [Pending]? {
        queue.withLock { queue in
            guard !queue.waiting.isEmpty else {
                queue.draining = false
                return nil
            }
            let count = min(queue.waiting.count, batchLimit)
            let batch = Array(queue.waiting.prefix(count))
            queue.waiting.removeFirst(count)
            return batch
        }
    }
}
