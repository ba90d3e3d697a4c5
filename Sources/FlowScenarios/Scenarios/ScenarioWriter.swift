import FlowEngine
import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthTenant

/// Writes scenarios as a scenario file (YAML with JSON-quoted scalars), the format ``ScenarioLoader`` reads.
public enum ScenarioWriter {
    /// The text of a scenario file for `scenarios`; `flowPath` is the flow as the file names it.
    public static func yaml(_ file: ScenarioFile, flowPath: String, header: String) -> String {
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)" }
        lines.append("flow: \(QuotedString.quoted(flowPath))")
        let setup = file.authority
        let tenant = setup.tenant == TenantConfiguration() ? nil : tenantJSON(setup.tenant)
        if !setup.users.isEmpty || setup.signedIn != nil || tenant != nil {
            lines.append("authority:")
            if let tenant { lines.append("  tenant: \(tenant)") }
            if !setup.users.isEmpty {
                lines.append("  users:")
                for user in setup.users {
                    lines.append("    - username: \(QuotedString.quoted(user.username))")
                    if let password = user.password { lines.append("      password: \(QuotedString.quoted(password))") }
                }
            }
            if let signedIn = setup.signedIn { lines.append("  signedIn: \(QuotedString.quoted(signedIn))") }
        }
        lines.append("scenarios:")
        for scenario in file.scenarios {
            lines.append("  - name: \(QuotedString.quoted(scenario.name.value))")
            if !scenario.params.isEmpty { lines.append("    params: \(json(.object(scenario.params)))") }
            if !scenario.inputs.isEmpty {
                lines.append("    inputs:")
                let ordered = scenario.inputOrder.filter { scenario.inputs[$0] != nil }
                let rest = scenario.inputs.keys.filter { !ordered.contains($0) }.sorted()
                for name in ordered + rest {
                    let answers = scenario.inputs[name] ?? []
                    lines.append("      \(name): [" + answers.map(text).joined(separator: ", ") + "]")
                }
            }
            if !scenario.faults.isEmpty {
                lines.append("    faults:")
                for fault in scenario.faults { lines.append("      - " + text(fault)) }
            }
            lines.append("    expect:")
            let expect = scenario.expect
            if let end = expect.end { lines.append("      end: \(QuotedString.quoted(end.value))") }
            if let reason = expect.reason { lines.append("      reason: \(QuotedString.quoted(reason.value))") }
            if let path = expect.path {
                lines.append("      path: [" + path.value.map(QuotedString.quoted).joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The tenant's settings as one line of JSON (which YAML reads as a flow mapping), keys sorted.
    private static func tenantJSON(_ tenant: TenantConfiguration) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(tenant)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func text(_ answer: ScriptedAnswer) -> String {
        switch answer {
        case .value(let value):
            if case .string(let text) = value, text.hasPrefix("@") { return QuotedString.quoted("@" + text) }
            return json(value)
        case .codeSentTo(nil): return "\"@outbox\""
        case .codeSentTo(let address?): return "{ codeSentTo: \(QuotedString.quoted(address)) }"
        case .wrongCode: return "\"@wrongCode\""
        case .choice(let name): return "{ choose: \(QuotedString.quoted(name)) }"
        case .cancel: return "\"@cancel\""
        }
    }

    private static func text(_ fault: Fault) -> String {
        let head = "{ action: \(QuotedString.quoted(fault.action.value)), call: \(fault.call), "
        switch fault.kind {
        case .answer(let outcome, let data):
            return head + "answer: \(QuotedString.quoted(outcome.value))"
                + (data.isEmpty ? "" : ", data: \(json(.object(data)))") + " }"
        case .serverError(let times): return head + "serverError: \(times) }"
        case .transportFailure: return head + "transportFailure: true }"
        case .wait(let seconds): return head + "wait: \(seconds) }"
        case .expireContinuation: return head + "expireContinuation: true }"
        }
    }

    /// A value as JSON (which YAML reads).
    static func json(_ value: Value) -> String {
        switch value {
        case .string(let text): return QuotedString.quoted(text)
        case .integer(let number): return String(number)
        case .number(let number): return number.isFinite ? String(number) : "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{ "
                + fields.sorted { $0.key < $1.key }.map { QuotedString.quoted($0.key) + ": " + json($0.value) }
                .joined(separator: ", ") + " }"
        }
    }
}
