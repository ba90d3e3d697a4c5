import Foundation
import Testing

/// The scenario suite run twice, embedded and against a real `flowrun serve` process over HTTP: the exit
/// codes, the outcomes, the ends (kind, reason, message) and the messages must be the same.
@Suite(.serialized) struct ConformanceTests {
    /// One scenario: runs of the real binary in one venue, and the exit codes the embedded venue must give
    /// (so that two equal failures do not pass).
    struct Scenario: Sendable {
        var name: String
        var statuses: [Int32]
        var steps: @Sendable (Venue) throws -> [FlowRun]
    }

    static let wrongCode = "code=\(Planted.wrongCode)"

    /// Each scenario uses its own addresses: the server keeps its users from one scenario to the next.
    static let scenarios: [Scenario] = [
        Scenario(name: "sign-up-email-otp", statuses: [0]) { venue in
            [try venue.run("sign-up-email-otp", ["email=otp-up@example.com", "code=@outbox"], [])]
        },
        Scenario(name: "sign-in-email-otp", statuses: [0, 0]) { venue in
            let email = "otp-in@example.com"
            return [
                try venue.run("sign-up-email-otp", ["email=\(email)", "code=@outbox"], []),
                try venue.run("sign-in-email-otp", ["email=\(email)", "code=@outbox"], []),
            ]
        },
        Scenario(name: "sign-in-password after a password sign-up", statuses: [0, 0]) { venue in
            let email = "pw-in@example.com"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run("sign-in-password", ["email=\(email)", "password=\(Planted.password)"], []),
            ]
        },
        Scenario(name: "sign-up-and-sign-in", statuses: [0]) { venue in
            [try venue.run("sign-up-and-sign-in", ["email=up-and-in@example.com", "code=@outbox"], [])]
        },
        Scenario(name: "reset-password", statuses: [0, 0, 0]) { venue in
            let email = "reset@example.com"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run(
                    "reset-password", ["email=\(email)", "code=@outbox", "newPassword=\(Planted.newPassword)"], []),
                try venue.run("sign-in-password", ["email=\(email)", "password=\(Planted.newPassword)"], []),
            ]
        },
        Scenario(name: "access-token", statuses: [0, 0, 0, 0, 0]) { venue in
            let email = "token@example.com"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run("sign-in-password", ["email=\(email)", "password=\(Planted.password)"], []),
                try venue.run("access-token", [], []),
                try venue.run("access-token-with-refresh-token", [], []),
                try venue.run("account-claims", [], []),
            ]
        },
        Scenario(name: "sign-out", statuses: [0, 0, 0, 1, 1]) { venue in
            let email = "out@example.com"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run("sign-in-password", ["email=\(email)", "password=\(Planted.password)"], []),
                try venue.run("sign-out", [], []),
                try venue.run("sign-out", [], []),
                try venue.run("access-token", [], []),
            ]
        },
        Scenario(name: "user already exists", statuses: [0, 1, 1]) { venue in
            let email = "exists@example.com"
            return [
                try venue.run("sign-up-email-otp", ["email=\(email)", "code=@outbox"], []),
                try venue.run("sign-up-email-otp", ["email=\(email)", "code=@outbox"], []),
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
            ]
        },
        Scenario(name: "user not found", statuses: [0, 0, 0, 1]) { venue in
            let email = "found@example.com"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run(
                    "sign-in-password",
                    [
                        "email=nobody-1@example.com", "email=\(email)", "password=\(Planted.password)",
                        "password=\(Planted.password)",
                    ], []),
                try venue.run(
                    "reset-password",
                    [
                        "email=nobody-2@example.com", "email=\(email)", "code=@outbox",
                        "newPassword=\(Planted.newPassword)",
                    ], []),
                try venue.run("sign-in-email-otp", ["email=nobody-3@example.com"], []),
            ]
        },
        Scenario(name: "invalid code then success", statuses: [0, 0, 0]) { venue in
            let email = "wrong-code@example.com"
            return [
                try venue.run("sign-up-email-otp", ["email=\(email)", wrongCode, "code=@outbox"], []),
                try venue.run("sign-in-email-otp", ["email=\(email)", wrongCode, "code=@outbox"], []),
                try venue.run(
                    "sign-in-password",
                    ["email=\(email)", "password=\(Planted.otherPassword)", wrongCode, "code=@outbox"], []),
            ]
        },
        Scenario(name: "wrong password then success", statuses: [0, 0, 1]) { venue in
            let email = "wrong-pw@example.com"
            let wrong = "password=\(Planted.otherPassword)"
            return [
                try venue.run(
                    "sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run(
                    "sign-in-password", ["email=\(email)", wrong, "email=\(email)", "password=\(Planted.password)"], []),
                try venue.run(
                    "sign-in-password", ["email=\(email)", wrong, "email=\(email)", wrong, "email=\(email)", wrong], []),
            ]
        },
        Scenario(name: "refused password then success", statuses: [0]) { venue in
            [
                try venue.run(
                    "sign-up-password",
                    ["email=refused@example.com", "password=Sh0rt!", "password=\(Planted.password)", "code=@outbox"], []
                )
            ]
        },
        Scenario(name: "browser required", statuses: [4, 0, 4, 0, 4]) { venue in
            let email = "browser@example.com"
            let withPassword = "browser-pw@example.com"
            let noOOB = ["--challenge-types", "password redirect"]
            return [
                try venue.run("sign-up-email-otp", ["email=\(email)", "code=@outbox"], noOOB),
                try venue.run("sign-up-email-otp", ["email=\(email)", "code=@outbox"], []),
                try venue.run("sign-in-password", ["email=\(email)", "password=\(Planted.password)"], noOOB),
                try venue.run(
                    "sign-up-password", ["email=\(withPassword)", "password=\(Planted.password)", "code=@outbox"], []),
                try venue.run(
                    "reset-password",
                    ["email=\(withPassword)", "code=@outbox", "newPassword=\(Planted.newPassword)"], noOOB),
            ]
        },
    ]

    /// Each HTTP client runs the scenarios against a server of its own (the server keeps its users).
    @Test(arguments: ["asynchttpclient", "urlsession"])
    func embeddedAndHTTPAgree(httpClient: String) throws {
        let serverFolder = try FlowFolder()
        try serverFolder.write("authority.yaml", Tenant.standard)
        let server = try ServeProcess(stateDir: serverFolder.url.appendingPathComponent("state"), in: serverFolder.url)
        #expect(server.url.scheme == "http" && server.url.host == "127.0.0.1", "\(server.url)")
        for scenario in Self.scenarios {
            let embedded = try scenario.steps(try Venue.embedded())
            let remote = try scenario.steps(try Venue.http(server.url, httpClient: httpClient))
            Self.compare(scenario, embedded: embedded, http: remote)
        }
        let (status, exited) = server.stop()
        #expect(exited && status == 0, "flowrun serve after SIGTERM: \(status)\n\(server.transcript)")
    }

    /// Expects each pair of runs to agree, and the embedded runs to exit as the scenario says.
    static func compare(_ scenario: Scenario, embedded: [FlowRun], http: [FlowRun]) {
        #expect(
            embedded.map(\.status) == scenario.statuses, "\(scenario.name), embedded: \(embedded.map(\.transcript))")
        for (index, (left, right)) in zip(embedded, http).enumerated() {
            let label = "\(scenario.name), run \(index + 1)"
            #expect(left.status == right.status, "\(label): exit codes\n\(left.transcript)\n\(right.transcript)")
            #expect(left.outcomes == right.outcomes, "\(label): outcomes\n\(right.transcript)")
            #expect(left.ended?.kind == right.ended?.kind, "\(label): end kind\n\(right.transcript)")
            #expect(left.ended?.reason == right.ended?.reason, "\(label): end reason\n\(right.transcript)")
            #expect(
                left.ended?.message.map(normalized) == right.ended?.message.map(normalized),
                "\(label): end message\n\(right.transcript)")
            #expect(left.messages.map(normalized) == right.messages.map(normalized), "\(label): messages")
            #expect((left.ended == nil) == (right.ended == nil), "\(label): ended\n\(right.transcript)")
        }
    }

    /// A message with its timestamps (token expiries) replaced, since the two runs happen at different times.
    static func normalized(_ message: String) -> String {
        message.replacingOccurrences(
            of: #"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"#, with: "<time>",
            options: .regularExpression)
    }
}
