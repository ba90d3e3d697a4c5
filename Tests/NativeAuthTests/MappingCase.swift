import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthWire
import Testing

/// One row of the mapping table: an action, the continuation it runs in, the canned answers, and what must
/// come out — the outcome, its data, the requests sent and the continuation left.
struct MappingCase: Sendable, CustomTestStringConvertible {
    /// A request the client must send: its endpoint, parameters it must carry, and parameters it must not.
    struct Call: Sendable {
        var endpoint: NativeAuthEndpoint
        var parameters: [String: String] = [:]
        var absent: [String] = []

        init(_ endpoint: NativeAuthEndpoint, _ parameters: [String: String] = [:], absent: [String] = []) {
            self.endpoint = endpoint
            self.parameters = parameters
            self.absent = absent
        }
    }

    enum ContinuationCheck: Sendable {
        /// Not checked.
        case any
        /// `nil`: the previous continuation is kept.
        case kept
        /// Emptied: no flow left.
        case cleared
        /// These fields (others may exist; `""` means the field must be absent).
        case fields([String: String])
    }

    var action: String
    var outcome: String
    var note = ""
    var arguments: [String: Value] = [:]
    var state: [String: String]?
    var answers: [NativeAuthEndpoint: [WireResponse]] = [:]
    var calls: [Call] = []
    var data: [String: Value] = [:]
    var continuation: ContinuationCheck = .any
    var configuration = NativeAuthConfiguration.test
    var account: CachedAccount?
    var failingStore = false
    var sleeps: [Duration]?

    var testDescription: String { "\(action) → \(outcome)" + (note.isEmpty ? "" : " (\(note))") }

    /// Runs the row and checks everything it states.
    func check() async throws {
        let transport = CannedTransport(answers)
        let memory = MemoryAccountStore(account: account)
        let store: any AccountStore = failingStore ? FailingAccountStore() : memory
        let recorder = SleepRecorder()
        let client = NativeAuthClient(
            configuration: configuration, transport: transport, accounts: store, catalog: nativeAuthCatalog,
            now: { fixedNow }, sleep: { await recorder.record($0) })
        let result = try await client.perform(
            action, arguments: arguments, continuation: state.map { AuthorityContinuation($0) })

        #expect(result.outcome == outcome, "data: \(result.data)")
        expectDeclared(result, of: action)
        for (key, value) in data {
            #expect(result.data[key] == value, "datum \(key)")
        }

        let requests = await transport.requests
        #expect(requests.map(\.endpoint) == calls.map(\.endpoint), "endpoints called")
        for (request, expected) in zip(requests, calls) {
            #expect(request.parameters["client_id"] == configuration.clientID, "client_id on \(request.endpoint)")
            for (name, value) in expected.parameters {
                #expect(request.parameters[name] == value, "\(name) on \(request.endpoint.path)")
            }
            for name in expected.absent {
                #expect(request.parameters[name] == nil, "\(name) must not be sent to \(request.endpoint.path)")
            }
            let requestID = request.headers["client-request-id"] ?? ""
            #expect(UUID(uuidString: requestID) != nil, "client-request-id is a UUID")
            #expect(request.headers["x-client-SKU"] == ClientIdentity.sku, "x-client-SKU names flowrun")
            #expect(request.headers["x-client-VER"] == ClientIdentity.version, "x-client-VER")
        }
        let requestIDs = requests.compactMap { $0.headers["client-request-id"] }
        let retried = requests.count - Set(requestIDs).count
        let failed = requests.contains { answers[$0.endpoint]?.isEmpty ?? true }
        let retriable = failed || answers.values.contains { $0.contains { $0.status >= 500 || $0.status == 0 } }
        #expect(retried == 0 || retriable, "fresh request ids")

        switch continuation {
        case .any: break
        case .kept: #expect(result.continuation == nil, "continuation kept")
        case .cleared: #expect(result.continuation?.fields.isEmpty == true, "continuation cleared")
        case .fields(let fields):
            for (name, value) in fields {
                if value.isEmpty {
                    #expect(result.continuation?[name] == nil, "continuation \(name) absent")
                } else {
                    #expect(result.continuation?[name] == value, "continuation \(name)")
                }
            }
        }
        if let sleeps {
            #expect(await recorder.sleeps == sleeps, "sleeps")
        }
        let allText = [result.data.values.map(\.description), Array((result.continuation?.fields ?? [:]).values)]
            .flatMap(\.self).joined(separator: "\n")
        if action != "token.get" || result.outcome != "completed" {
            for secret in plantedSecrets {
                #expect(!allText.contains(secret), "a planted secret leaked")
            }
        }
    }
}

/// The username of the mapping rows.
let user = "ann@contoso.com"

/// Continuation fields of a flow in progress.
func flowState(
    _ flow: String, _ step: String, token: String, username: String = user, extra: [String: String] = [:]
) -> [String: String] {
    ["flow": flow, "step": step, "continuationToken": token, "username": username].merging(extra) { $1 }
}

let challengeTypes = "oob password redirect"
let defaultScope = "openid profile offline_access"

/// The arguments of a `submitCode` and of a `submitPassword` action.
let codeArguments: [String: Value] = ["code": .string(plantedCode)]
let passwordArguments: [String: Value] = ["password": .string(plantedPassword)]

/// The data of a sign-in's `completed` when the token endpoint answers `Canned.tokens()`.
let signedInData: [String: Value] = [
    "username": .string(user),
    "account": ["username": .string(user), "accountId": .string(Canned.oid), "tenantId": .string(Canned.tid)],
]
