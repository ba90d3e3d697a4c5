import FlowChecker
import FlowEngine
import FlowLoader
import FlowModel
import FlowrunFoundation
import Foundation
import Synchronization

/// A scripted authority: each action answers from its queue (engine unit tests only; everything else runs
/// the real native-auth client against the real emulator).
actor ScriptedAuthority: Authority {
    nonisolated let catalog: ActionCatalog
    private var answers: [String: [ActionResult]]
    private(set) var calls: [(action: String, arguments: [String: Value], continuation: AuthorityContinuation?)] = []

    init(catalog: ActionCatalog = testCatalog, _ answers: [String: [ActionResult]]) {
        self.catalog = catalog
        self.answers = answers
    }

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        calls.append((action, arguments, continuation))
        guard var queue = answers[action], !queue.isEmpty else { throw ScriptError("no scripted answer for \(action)") }
        let answer = queue.removeFirst()
        answers[action] = queue
        return answer
    }
}

/// Collects events from a run.
final class EventLog: Sendable {
    private let storage = Mutex<[EngineEvent]>([])
    var events: [EngineEvent] { storage.withLock { $0 } }
    func record(_ event: EngineEvent) { storage.withLock { $0.append(event) } }
}

let testCatalog = ActionCatalog(
    authority: "test",
    actions: [
        "signIn.start": CatalogAction(
            parameters: ["username": CatalogValue(type: .email, required: true)],
            outcomes: [
                "codeRequired": CatalogOutcome(data: ["sentTo": CatalogValue(type: .string)]),
                "userNotFound": CatalogOutcome(error: true),
            ]),
        "signIn.submitCode": CatalogAction(
            parameters: ["code": CatalogValue(type: .code, required: true, secret: true)],
            outcomes: [
                "completed": CatalogOutcome(
                    data: [
                        "username": CatalogValue(type: .string),
                        "accessToken": CatalogValue(type: .string, secret: true),
                    ]),
                "invalidCode": CatalogOutcome(error: true),
            ]),
        "signIn.resendCode": CatalogAction(
            outcomes: ["codeRequired": CatalogOutcome(data: ["sentTo": CatalogValue(type: .string)])]),
    ])

/// Loads and checks flow files written to a temporary folder; the first file is the root.
func program(_ files: [(name: String, text: String)]) throws -> Program {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-engine-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in files {
        let url = folder.appendingPathComponent(file.name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url)
    }
    let loaded = FlowLoader().load(file: folder.appendingPathComponent(files[0].name).path)
    guard let flows = loaded.flows, !loaded.diagnostics.hasErrors else { throw FlowError(loaded.diagnostics) }
    // The engine must mask secrets even in flows the security lint rejects, so these tests run without it.
    let lint: Set<RuleCode> = [.secretLoopWithoutLimit, .resendWithoutLimit, .secretExposed, .rawErrorText]
    let checked = FlowChecker(catalogs: [testCatalog], disabledRules: lint).check(flows)
    guard let program = checked.program else { throw FlowError(checked.diagnostics) }
    return program
}

/// A sign-in flow over the test catalog: email, code (3 tries, resend), then a success end.
let signInFlow = """
    flowrun: 1
    id: sign-in
    authority: test
    inputs:
      email: { type: email, label: Email }
      code: { type: code, label: Code }
    start: ask_email
    steps:
      ask_email: { ask: email, next: begin }
      begin:
        action: signIn.start
        with: { username: "${email}" }
        on:
          codeRequired: ask_code
          userNotFound: { fail: no_user, message: "No account for ${email}" }
      ask_code:
        ask: code
        hint: "Code sent to ${sentTo}"
        choices: { resend: resend }
        next: submit
      resend:
        action: signIn.resendCode
        on: { codeRequired: { goto: ask_code, message: "New code sent to ${sentTo}" } }
      submit:
        action: signIn.submitCode
        with: { code: "${code}" }
        on:
          completed: done
          invalidCode: { goto: ask_code, message: "Wrong code ${code}", attempts: 3, exhausted: { fail: too_many } }
      done:
        end: success
        message: "Welcome ${username}, token ${accessToken}"
        output: { user: "${username}", token: "${accessToken}" }

    """
