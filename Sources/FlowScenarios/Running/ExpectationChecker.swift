import FlowEngine
import FlowrunFoundation
import NativeAuth
import NativeAuthEmulator

/// Compares a run with what its scenario expects, writing each difference as readable text.
struct ExpectationChecker {
    let expect: Expectation
    let result: ScenarioResult
    private(set) var failures: [ExpectationFailure] = []

    init(expect: Expectation, result: ScenarioResult) {
        self.expect = expect
        self.result = result
        checkRun()
    }

    private mutating func checkRun() {
        if let end = expect.end, end.value != result.stop {
            failures.append(
                ExpectationFailure(
                    "expected the end `\(end.value)`, the run stopped at `\(result.stop)`"
                        + (result.reason.map { " (reason: \($0))" } ?? ""),
                    at: end.position, expected: end.value, actual: result.stop))
        }
        if let reason = expect.reason, reason.value != result.reason {
            failures.append(
                ExpectationFailure(
                    "expected the reason `\(reason.value)`, got " + (result.reason.map { "`\($0)`" } ?? "none"),
                    at: reason.position, expected: reason.value, actual: result.reason))
        }
        let actualPath = result.path.joined(separator: " → ")
        if let path = expect.path, path.value != result.path {
            failures.append(
                ExpectationFailure(
                    "the path differs (- expected, + actual):\n" + PathDiff.render(path.value, result.path),
                    at: path.position, expected: path.value.joined(separator: " → "), actual: actualPath))
        }
        if let includes = expect.pathIncludes, let missing = Self.firstMissing(includes.value, in: result.path) {
            failures.append(
                ExpectationFailure(
                    "the path does not include `\(missing)` where expected (\(includes.value.joined(separator: " → ")))"
                        + "\n  actual: " + actualPath,
                    at: includes.position, expected: includes.value.joined(separator: " → "), actual: actualPath))
        }
        if let excludes = expect.pathExcludes {
            for step in excludes.value where result.path.contains(step) {
                failures.append(
                    ExpectationFailure(
                        "the path entered `\(step)`, which it must not\n  actual: " + actualPath,
                        at: excludes.position, actual: actualPath))
            }
        }
        if let messages = expect.messages {
            var remaining = result.messages[...]
            for expected in messages.value {
                guard let index = remaining.firstIndex(where: { $0.contains(expected) }) else {
                    let shown = result.messages.map { "\"\($0)\"" }.joined(separator: ", ")
                    failures.append(
                        ExpectationFailure(
                            "no message containing \"\(expected)\" was shown"
                                + (messages.value.count > 1 ? " (after the earlier expected ones)" : "")
                                + "\n  shown: " + shown, at: messages.position, expected: expected, actual: shown))
                    break
                }
                remaining = remaining[(index + 1)...]
            }
        }
        if let output = expect.output {
            for key in output.value.keys.sorted() {
                guard let expected = output.value[key] else { continue }
                if let problem = Self.mismatch(expected, result.output[key], at: "output.\(key)") {
                    failures.append(
                        ExpectationFailure(
                            problem, at: output.position, expected: expected.description,
                            actual: result.output[key]?.description))
                }
            }
        }
    }

    /// Checks the users and the signed-in account after the run.
    mutating func checkAuthority(store: EmulatorStore, accounts: any AccountStore) async {
        for user in expect.users {
            let name = user.username.value
            let found = try? await store.user(named: name)
            let place = user.username.position
            if user.exists != (found != nil) {
                failures.append(
                    ExpectationFailure(
                        user.exists ? "the user \(name) does not exist" : "the user \(name) exists", at: place))
                continue
            }
            guard let found else { continue }
            if let password = user.password, (try? await store.passwordMatches(password, for: name)) != true {
                failures.append(ExpectationFailure("the password of \(name) is not the one expected", at: place))
            }
            if let password = user.notPassword, (try? await store.passwordMatches(password, for: name)) == true {
                failures.append(ExpectationFailure("the password of \(name) is still the old one", at: place))
            }
            for (attribute, value) in user.attributes.sorted(by: { $0.key < $1.key })
            where found.attributes[attribute] != value {
                failures.append(
                    ExpectationFailure(
                        "the attribute \(attribute) of \(name) is "
                            + (found.attributes[attribute].map { "\"\($0)\"" } ?? "unset") + ", expected \"\(value)\"",
                        at: place, expected: value, actual: found.attributes[attribute]))
            }
        }
        if let signedIn = expect.signedIn {
            let account = try? await accounts.load()
            if account?.username.lowercased() != signedIn.value?.lowercased() {
                failures.append(
                    ExpectationFailure(
                        "expected " + (signedIn.value.map { "\($0) to be signed in" } ?? "nobody to be signed in")
                            + ", " + (account.map { "\($0.username) is" } ?? "nobody is"),
                        at: signedIn.position, expected: signedIn.value ?? "nobody",
                        actual: account?.username ?? "nobody"))
            }
        }
    }

    /// The first of `expected` not found in `path` in order (others may come between).
    static func firstMissing(_ expected: [String], in path: [String]) -> String? {
        var remaining = path[...]
        for step in expected {
            guard let index = remaining.firstIndex(of: step) else { return step }
            remaining = remaining[(index + 1)...]
        }
        return nil
    }

    /// Why `actual` does not hold `expected`: maps are compared key by key (other keys allowed), anything
    /// else by equality, a number equal to its text.
    static func mismatch(_ expected: Value, _ actual: Value?, at path: String) -> String? {
        guard let actual else { return "\(path) is missing; expected \(describe(expected))" }
        if case .object(let fields) = expected, case .object(let actualFields) = actual {
            for key in fields.keys.sorted() {
                guard let value = fields[key] else { continue }
                if let problem = mismatch(value, actualFields[key], at: "\(path).\(key)") { return problem }
            }
            return nil
        }
        if expected == actual || expected.description == actual.description { return nil }
        return "\(path) is \(describe(actual)); expected \(describe(expected))"
    }

    private static func describe(_ value: Value) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.description
    }
}

/// A line diff of two step lists: common steps indented, expected-only ones with `-`, actual-only with `+`.
enum PathDiff {
    static func render(_ expected: [String], _ actual: [String]) -> String {
        let difference = actual.difference(from: expected)
        var removed: Set<Int> = []
        var inserted: Set<Int> = []
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [String] = []
        var old = 0
        var new = 0
        while old < expected.count || new < actual.count {
            if old < expected.count, removed.contains(old) {
                lines.append("  - \(expected[old])")
                old += 1
            } else if new < actual.count, inserted.contains(new) {
                lines.append("  + \(actual[new])")
                new += 1
            } else {
                if old < expected.count { lines.append("    \(expected[old])") }
                old += 1
                new += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
