import NIOCore

/// One NIO event loop as a task executor. `HTTPTransport` runs each exchange on the loop of its client's
/// connection: there AsyncHTTPClient schedules the request's deadline, writes the request and resumes the
/// waiting task without waking another thread, where on Swift's cooperative pool each of those steps is a
/// hand-off between threads.
final class EventLoopExecutor: Sendable {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }
}

@available(macOS 15.0, iOS 18.0, *)
extension EventLoopExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
