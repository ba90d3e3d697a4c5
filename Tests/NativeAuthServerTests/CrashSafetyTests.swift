import Foundation
import NIOCore
import NativeAuthEmulator
import TestSupport
import Testing

/// `flowrun serve` killed with SIGKILL in the middle of many concurrent sign-ups loses nothing it confirmed and
/// leaves no half-made user: every user is complete or absent, and the database passes its integrity check.
@Suite("Crash safety")
struct CrashSafetyTests {
    static let clientID = "00000000-0000-0000-0000-00000000c11e"
    static let password = "Cr4sh-Safe!Passw0rd"
    /// Long enough for a loaded machine; short, since the HTTP client retries connecting to a killed server
    /// until the deadline.
    static let timeout = TimeAmount.seconds(5)

    /// One sign-up with a password over HTTP; true when the last call (which creates the user) answered 200.
    static func signUp(_ username: String, port: Int) async -> Bool {
        let base = "http://127.0.0.1:\(port)/contoso/signup/v1.0"
        let name = username.replacingOccurrences(of: "@", with: "%40")
        do {
            let started = try await TestHTTP.post(
                "\(base)/start",
                form:
                    "client_id=\(clientID)&username=\(name)&password=\(password)&challenge_type=oob+password+redirect",
                timeout: timeout)
            guard started.status == 200 else { return false }
            let challenged = try await TestHTTP.post(
                "\(base)/challenge",
                form:
                    "client_id=\(clientID)&continuation_token=\(try started.token())&challenge_type=oob+password+redirect",
                timeout: timeout)
            guard challenged.status == 200 else { return false }
            let outbox = try await TestHTTP.get("http://127.0.0.1:\(port)/outbox?to=\(name)&limit=1", timeout: timeout)
            guard case .list(let messages) = outbox.json, let code = messages.first?[field: "code"]?.stringValue else {
                return false
            }
            let verified = try await TestHTTP.post(
                "\(base)/continue",
                form: "client_id=\(clientID)&continuation_token=\(try challenged.token())&grant_type=oob&oob=\(code)",
                timeout: timeout)
            return verified.status == 200
        } catch {
            return false
        }
    }

    @Test(
        "SIGKILL during 300 concurrent sign-ups: integrity ok, confirmed users kept, none half-made",
        .enabled(if: FlowrunBinary.find() != nil))
    func sigkillDuringSignUps() async throws {
        let served = try ServedFlowrun.start(["--dev-outbox", "--config", "authority.yaml"])
        let port = try ServedFlowrun.port(in: try await served.listeningLine())
        let confirmed = ConfirmedUsers()
        let total = 300
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            var killed = false
            func startNext() {
                guard next < total, !killed else { return }
                let username = "user\(next)@contoso.com"
                next += 1
                group.addTask {
                    if await Self.signUp(username, port: port) { await confirmed.add(username) }
                }
            }
            for _ in 0..<32 { startNext() }
            var finished = 0
            for await _ in group {
                finished += 1
                if finished == total / 3 {
                    kill(served.process.processIdentifier, SIGKILL)
                    killed = true
                }
                startNext()
            }
        }
        for _ in 0..<200 where served.process.isRunning { try await Task.sleep(for: .milliseconds(25)) }
        #expect(served.process.terminationReason == .uncaughtSignal)
        let kept = await confirmed.names
        #expect(kept.count >= total / 6, "too few sign-ups finished before the kill to prove anything: \(kept.count)")
        #expect(kept.count < total / 3 + 32, "the kill came too late")

        let store = try EmulatorStore(directory: served.folder.appendingPathComponent("state").path)
        #expect(try await store.integrityCheck() == ["ok"])
        let users = try await store.users()
        let names = Set(users.map(\.username))
        for username in kept { #expect(names.contains(username), "\(username) was confirmed but is gone") }
        for user in users {
            #expect(user.hasPassword, "\(user.username) exists without its password")
            #expect(try await store.passwordMatches(Self.password, for: user.username), "\(user.username)")
        }

        let restarted = try ServedFlowrun.start(
            ["--dev-outbox", "--config", "authority.yaml"], folder: served.folder)
        let newPort = try ServedFlowrun.port(in: try await restarted.listeningLine())
        #expect(await Self.signUp("after.restart@contoso.com", port: newPort))
        #expect(try await restarted.stop(with: SIGTERM) == 0)
    }
}

/// The usernames whose sign-up the server confirmed.
actor ConfirmedUsers {
    private(set) var names: [String] = []

    func add(_ name: String) {
        names.append(name)
    }
}
