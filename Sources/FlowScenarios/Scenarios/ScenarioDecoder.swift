import FlowEngine
import FlowLoader
import FlowModel
import Foundation
import NativeAuthEmulator
import NativeAuthTenant

/// Turns a scenario file's tree into a ``ScenarioFile``, with a diagnostic at `file:line:column` for every
/// part that does not fit the format of `schemas/scenario.schema.json`.
struct ScenarioDecoder {
    private var reader: DataReader
    private let folder: String
    /// The folder the scenario's flow must really lie in (symbolic links followed).
    private let confinement: String

    /// Decodes the scenario file `file`, whose `flow` must lie in `confinement` (by default the file's folder).
    init(file: String, confinement: String? = nil) {
        reader = DataReader(file: file)
        folder = (file as NSString).deletingLastPathComponent
        self.confinement = confinement ?? FlowPath.directory(of: file)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    /// The finding for a document that is not a scenario file at its top level (not a map with `flow`); nil for
    /// one that is. Such a file may be anything, so the finding names the file only and has no position: no line
    /// of it is ever shown. A flow document (a map with `flowrun`), an easy mistake, gets a finding that says it is
    /// a flow and how flows are tested.
    static func notAScenarioFile(_ root: DataNode, file: String) -> Diagnostic? {
        guard case .map(let entries) = root.value else { return notAScenarioFile(file) }
        if entries.contains(where: { $0.key == "flow" }) { return nil }
        if entries.contains(where: { $0.key == "flowrun" }) {
            return Diagnostic(
                .missingKey, "`\(file)` is a flow, not a scenario file", file: file, at: nil,
                hint: "test a flow with scenario files (`*.test.yaml` files that name it in `flow:`), or let "
                    + "flowrun write them: `flowrun test --explore \(file)`")
        }
        return notAScenarioFile(file)
    }

    private static func notAScenarioFile(_ file: String) -> Diagnostic {
        Diagnostic(
            .missingKey,
            "`\(file)` is not a scenario file: its top level is not a map with `flow`, and nothing of it is shown",
            file: file, at: nil, hint: "a scenario file names its flow (`flow: signup.yaml`) and lists `scenarios`")
    }

    mutating func decode(_ root: DataNode) -> ScenarioFile? {
        guard
            let fields = reader.map(
                root, "a scenario file", known: ["$schema", "description", "flow", "authority", "scenarios"],
                required: ["flow", "scenarios"])
        else { return nil }
        if let entry = fields["$schema"] { _ = reader.string(entry.value, "`$schema`") }
        if let entry = fields["description"] { _ = reader.string(entry.value, "`description`") }
        let flow = fields["flow"].flatMap { reader.string($0.value, "`flow`") }
        let authority = fields["authority"].map { authoritySetup($0.value) } ?? AuthoritySetup()
        var scenarios: [Scenario] = []
        if let entry = fields["scenarios"], let items = reader.list(entry.value, "`scenarios`") {
            if items.isEmpty {
                reader.report(.invalidValue, "`scenarios` needs at least one scenario", at: entry.value.position)
            }
            scenarios = items.compactMap { scenario($0) }
            var seen: Set<String> = []
            for scenario in scenarios where !seen.insert(scenario.name.value).inserted {
                reader.report(
                    RuleCode.scenarioDuplicateName, "a second scenario is named `\(scenario.name.value)`",
                    at: scenario.name.position)
            }
        }
        guard let flow, !reader.diagnostics.hasErrors else { return nil }
        let resolved = flow.value.hasPrefix("/") ? flow.value : (folder as NSString).appendingPathComponent(flow.value)
        // Never read (so never quote) a flow outside the project: a pull request could name any file of the machine.
        guard FlowPath.isReallyInside(resolved, root: confinement) else {
            reader.report(
                .pathEscapesRoot,
                "`flow: \(flow.value)` leads out of the project folder `\(confinement)`; the file was not read",
                at: flow.position, hint: "a scenario's flow lies in the project (the folder of flowrun.yaml)")
            return nil
        }
        return ScenarioFile(
            file: reader.file, flow: Located(FlowLoader.normalizedPath(resolved), at: flow.position),
            authority: authority, scenarios: scenarios)
    }

    // MARK: Authority

    private mutating func authoritySetup(_ node: DataNode) -> AuthoritySetup {
        var setup = AuthoritySetup()
        guard
            let fields = reader.map(
                node, "`authority`", known: ["tenant", "users", "signedIn", "challengeTypes", "capabilities"])
        else { return setup }
        if let entry = fields["tenant"] { setup.tenant = tenant(entry.value) ?? setup.tenant }
        if let entry = fields["users"], let items = reader.list(entry.value, "`authority.users`") {
            setup.users = items.compactMap { user($0) }
        }
        if let entry = fields["challengeTypes"] {
            setup.challengeTypes = reader.strings(entry.value, "`authority.challengeTypes`")?.value
        }
        if let entry = fields["capabilities"] {
            setup.capabilities = reader.strings(entry.value, "`authority.capabilities`")?.value
        }
        if let entry = fields["signedIn"], let name = reader.string(entry.value, "`authority.signedIn`") {
            if !setup.users.contains(where: { $0.username.lowercased() == name.value.lowercased() }) {
                reader.report(
                    .invalidValue, "`signedIn` must name one of `authority.users`, not `\(name.value)`",
                    at: name.position)
            }
            setup.signedIn = name.value
        }
        return setup
    }

    /// The tenant settings, with the keys and checks of `authority.yaml`; errors point into this file.
    private mutating func tenant(_ node: DataNode) -> TenantConfiguration? {
        guard case .map = node.value else {
            reader.report(
                .wrongType, "`authority.tenant` must be a map, not \(node.kindDescription)", at: node.position)
            return nil
        }
        do {
            return try TenantConfiguration.load(node: node, file: nil)
        } catch {
            let position =
                error.line.map { SourcePosition(line: $0, column: error.column ?? 1) } ?? node.position
            reader.report(
                .invalidValue, "`authority.tenant`: \(error.path.map { "\($0): " } ?? "")\(error.message)",
                at: position, hint: "the tenant takes the keys of authority.yaml (see docs/native-auth.md)")
            return nil
        }
    }

    private mutating func user(_ node: DataNode) -> UserSeed? {
        guard
            let fields = reader.map(
                node, "a user", known: ["username", "password", "attributes", "mfa", "methods"],
                required: ["username"]),
            let username = fields["username"].flatMap({ reader.string($0.value, "`username`") })
        else { return nil }
        var seed = UserSeed(username: username.value)
        if let entry = fields["password"] { seed.password = reader.string(entry.value, "`password`")?.value }
        if let entry = fields["attributes"] { seed.attributes = reader.stringMap(entry.value, "`attributes`") ?? [:] }
        if let entry = fields["mfa"] { seed.mfa = reader.bool(entry.value, "`mfa`") ?? false }
        if let entry = fields["methods"] { seed.methods = reader.strings(entry.value, "`methods`")?.value ?? [] }
        return seed
    }

    // MARK: Scenarios

    private mutating func scenario(_ node: DataNode) -> Scenario? {
        guard
            let fields = reader.map(
                node, "a scenario", known: ["name", "params", "inputs", "faults", "expect"], required: ["name"]),
            let name = fields["name"].flatMap({ reader.string($0.value, "`name`") })
        else { return nil }
        var scenario = Scenario(name: name)
        if let entry = fields["params"] { scenario.params = reader.values(entry.value, "`params`")?.value ?? [:] }
        if let entry = fields["inputs"] {
            scenario.inputs = inputs(entry.value)
            if case .map(let entries) = entry.value.value { scenario.inputOrder = entries.map(\.key) }
        }
        if let entry = fields["faults"], let items = reader.list(entry.value, "`faults`") {
            scenario.faults = items.compactMap { fault($0) }
        }
        if let entry = fields["expect"] { scenario.expect = expectation(entry.value) }
        return scenario
    }

    private mutating func inputs(_ node: DataNode) -> [String: [ScriptedAnswer]] {
        guard case .map(let entries) = node.value else {
            reader.report(.wrongType, "`inputs` must be a map, not \(node.kindDescription)", at: node.position)
            return [:]
        }
        var inputs: [String: [ScriptedAnswer]] = [:]
        for entry in entries {
            if case .list(let items) = entry.value.value {
                inputs[entry.key] = items.compactMap { answer($0) }
            } else if let answer = answer(entry.value) {
                inputs[entry.key] = [answer]
            }
        }
        return inputs
    }

    /// `@outbox`, `@wrongCode`, `@cancel`, `{codeSentTo: EMAIL}`, `{choose: NAME}`, or a value as written.
    private mutating func answer(_ node: DataNode) -> ScriptedAnswer? {
        switch node.value {
        case .string(let text) where text.hasPrefix("@"):
            switch text {
            case "@outbox": return .codeSentTo(nil)
            case "@wrongCode": return .wrongCode
            case "@cancel": return .cancel
            default:
                if text.hasPrefix("@@") { return .value(.string(String(text.dropFirst()))) }
                reader.report(
                    .invalidValue, "unknown answer `\(text)`", at: node.position,
                    hint: "`@outbox` (the code sent last), `@wrongCode`, `@cancel`; write `@@` for a literal `@`")
                return nil
            }
        case .map(let entries) where entries.count == 1 && ["codeSentTo", "choose"].contains(entries[0].key):
            guard let text = reader.string(entries[0].value, "`\(entries[0].key)`") else { return nil }
            return entries[0].key == "choose" ? .choice(text.value) : .codeSentTo(text.value)
        case .null, .list:
            reader.report(.wrongType, "an answer must be text or a map, not \(node.kindDescription)", at: node.position)
            return nil
        default:
            return .value(DataReader.value(node))
        }
    }

    private mutating func fault(_ node: DataNode) -> Fault? {
        let kinds = ["answer", "serverError", "transportFailure", "wait", "expireContinuation"]
        guard
            let fields = reader.map(
                node, "a fault", known: ["action", "call", "data"] + kinds, required: ["action"]),
            let action = fields["action"].flatMap({ reader.string($0.value, "`action`") })
        else { return nil }
        let call = fields["call"].map { reader.integer($0.value, "`call`", atLeast: 1) ?? 1 } ?? 1
        let given = kinds.filter { fields[$0] != nil }
        guard given.count == 1, let key = given.first, let entry = fields[key] else {
            reader.report(
                given.isEmpty ? .missingKey : .conflictingKeys,
                "a fault needs exactly one of " + kinds.map { "`\($0)`" }.joined(separator: ", "), at: node.position)
            return nil
        }
        if fields["data"] != nil && key != "answer" {
            reader.report(.conflictingKeys, "`data` goes with `answer` only", at: fields["data"]?.keyPosition)
        }
        let kind: Fault.Kind
        switch key {
        case "answer":
            guard let outcome = reader.string(entry.value, "`answer`") else { return nil }
            let data = fields["data"].flatMap { reader.values($0.value, "`data`")?.value } ?? [:]
            kind = .answer(outcome: outcome, data: data)
        case "serverError":
            guard let times = reader.integer(entry.value, "`serverError` (how many requests)", atLeast: 1) else {
                return nil
            }
            kind = .serverError(times: times)
        case "wait":
            guard let seconds = reader.integer(entry.value, "`wait` (seconds)", atLeast: 1) else { return nil }
            kind = .wait(seconds: seconds)
        default:
            guard reader.bool(entry.value, "`\(key)`") == true else {
                reader.report(.invalidValue, "write `\(key): true`, or leave the fault out", at: entry.value.position)
                return nil
            }
            kind = key == "transportFailure" ? .transportFailure : .expireContinuation
        }
        return Fault(action: action, call: call, kind: kind)
    }

    private mutating func expectation(_ node: DataNode) -> Expectation {
        var expect = Expectation()
        let known = [
            "end", "reason", "path", "pathIncludes", "pathExcludes", "messages", "output", "users", "signedIn",
        ]
        guard let fields = reader.map(node, "`expect`", known: known) else { return expect }
        expect.end = fields["end"].flatMap { reader.string($0.value, "`end`") }
        expect.reason = fields["reason"].flatMap { reader.string($0.value, "`reason`") }
        expect.path = fields["path"].flatMap { reader.strings($0.value, "`path`") }
        expect.pathIncludes = fields["pathIncludes"].flatMap { reader.strings($0.value, "`pathIncludes`") }
        expect.pathExcludes = fields["pathExcludes"].flatMap { reader.strings($0.value, "`pathExcludes`") }
        expect.messages = fields["messages"].flatMap { reader.strings($0.value, "`messages`") }
        expect.output = fields["output"].flatMap { reader.values($0.value, "`output`") }
        if let entry = fields["users"], let items = reader.list(entry.value, "`expect.users`") {
            expect.users = items.compactMap { userExpectation($0) }
        }
        if let entry = fields["signedIn"] {
            if case .null = entry.value.value {
                expect.signedIn = Located(nil, at: entry.value.position)
            } else if let name = reader.string(entry.value, "`signedIn` (a username, or null for nobody)") {
                expect.signedIn = Located(name.value, at: name.position)
            }
        }
        return expect
    }

    private mutating func userExpectation(_ node: DataNode) -> UserExpectation? {
        guard
            let fields = reader.map(
                node, "an expected user", known: ["username", "exists", "password", "notPassword", "attributes"],
                required: ["username"]),
            let username = fields["username"].flatMap({ reader.string($0.value, "`username`") })
        else { return nil }
        var expectation = UserExpectation(username: username)
        if let entry = fields["exists"] { expectation.exists = reader.bool(entry.value, "`exists`") ?? true }
        expectation.password = fields["password"].flatMap { reader.string($0.value, "`password`")?.value }
        expectation.notPassword = fields["notPassword"].flatMap { reader.string($0.value, "`notPassword`")?.value }
        if let entry = fields["attributes"] {
            expectation.attributes = reader.stringMap(entry.value, "`attributes`") ?? [:]
        }
        return expectation
    }
}
