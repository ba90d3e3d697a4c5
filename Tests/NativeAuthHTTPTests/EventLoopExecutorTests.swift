import AsyncHTTPClient
import Foundation
import NIOPosix
import NativeAuthWire
import Testing

@testable import NativeAuthHTTP

/// Where `HTTPTransport` runs its exchanges: on an event loop of the process-wide group, or where it is called
/// when its client has event loops of its own.
@Suite struct EventLoopExecutorTests {
    @Test("a task that prefers the executor runs on its event loop, and off it again afterwards")
    func tasksRunOnTheLoop() async {
        let executor = EventLoopExecutor(loop: MultiThreadedEventLoopGroup.singleton.next())
        #expect(!executor.loop.inEventLoop)
        let onLoop = await withTaskExecutorPreference(executor) {
            await Task.yield()
            return executor.loop.inEventLoop
        }
        #expect(onLoop)
        #expect(!executor.loop.inEventLoop)
    }

    /// A client with event loops of its own may shut them down, and a job sent to a loop that has shut down
    /// never runs: such a transport exchanges where it is called, and a shut-down client fails at once.
    @Test("a transport on a client with event loops of its own, shut down, fails at once", .timeLimit(.minutes(1)))
    func aShutDownClientFails() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = HTTPClient(eventLoopGroup: group, configuration: HTTPTransport.clientConfiguration())
        try await client.shutdown()
        let authority = try #require(URL(string: "http://127.0.0.1:9/contoso"))
        let transport = HTTPTransport(authority: authority, client: client)
        #expect(!transport.exchangesOnAnEventLoop)
        #expect(HTTPTransport(authority: authority).exchangesOnAnEventLoop)
        let request = WireRequest(endpoint: .signUpStart, parameters: ["client_id": "c"])
        await #expect(throws: HTTPTransportError.self) { try await transport.send(request) }
        try await group.shutdownGracefully()
    }
}
