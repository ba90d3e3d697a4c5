import FlowLoader
import FlowModel
import Testing

@Suite struct ScalarTests {
    private func assignments(_ set: String, file: String = "flow.yaml") -> [String: ValueExpression] {
        let yaml = "flowrun: 1\nid: s\nstart: s\nsteps:\n  s:\n    set: \(set)\n    next: s\n"
        let json = #"{"flowrun": 1, "id": "s", "start": "s", "steps": {"s": {"next": "s", "set": "# + set + "}}}"
        let parsed = parse(file.hasSuffix(".json") ? json : yaml, file: file)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        guard case .set(let step) = parsed.document?.steps.first?.kind else { return [:] }
        return Dictionary(uniqueKeysWithValues: step.assignments.map { ($0.name.value, $0.value) })
    }

    @Test func yamlCoreSchema() {
        let values = assignments(
            "{ a: 12, b: -7, c: 0x1F, d: 0o17, e: 1.5, f: 1e3, g: .inf, h: TRUE, i: false, j: '12', k: \"true\", l: yes, m: 1_000, n: 012 }"
        )
        #expect(values["a"] == .integer(12))
        #expect(values["b"] == .integer(-7))
        #expect(values["c"] == .integer(31))
        #expect(values["d"] == .integer(15))
        #expect(values["e"] == .number(1.5))
        #expect(values["f"] == .number(1000))
        #expect(values["g"] == .number(.infinity))
        #expect(values["h"] == .boolean(true))
        #expect(values["i"] == .boolean(false))
        #expect(values["j"] == .template(Template(literal: "12")))
        #expect(values["k"] == .template(Template(literal: "true")))
        #expect(values["l"] == .template(Template(literal: "yes")))  // YAML 1.2: not a boolean
        #expect(values["m"] == .template(Template(literal: "1_000")))
        #expect(values["n"] == .integer(12))
    }

    @Test func jsonNumbers() {
        let values = assignments(
            #"{ "a": 12, "b": -0, "c": 1.0, "d": 2e2, "e": 99999999999999999999 }"#, file: "flow.json")
        #expect(values["a"] == .integer(12))
        #expect(values["b"] == .integer(0))
        #expect(values["c"] == .number(1))
        #expect(values["d"] == .number(200))
        #expect(values["e"] == .number(1e20))
    }

    @Test func blockScalarsAreStrings() {
        let text =
            "flowrun: 1\nid: s\nstart: s\nsteps:\n  s:\n    end: success\n    message: |\n      Line ${one}\n      Line two\n"
        let parsed = parse(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.document?.steps.first?.message?.source == "Line ${one}\nLine two\n")
        // A block scalar places its variables at the scalar's start (the `|`).
        #expect(parsed.document?.steps.first?.message?.variables.first?.position == at(7, 14))
    }
}

@Suite struct TemplateTests {
    private func message(_ yamlValue: String) -> Template? {
        let text = "flowrun: 1\nid: s\nstart: s\nsteps:\n  s:\n    end: success\n    message: \(yamlValue)\n"
        let parsed = parse(text)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return parsed.document?.steps.first?.message
    }

    @Test func partsAndPositions() throws {
        let template = try #require(message("Hi ${user.name}, you owe $$5 and $x; ${a}${b}"))
        #expect(
            template.parts == [
                .text("Hi "), .variable(VariableReference(name: "user", fields: ["name"], position: .start)),
                .text(", you owe $5 and $x; "), .variable(VariableReference(name: "a", position: .start)),
                .variable(VariableReference(name: "b", position: .start)),
            ])
        #expect(template.variables.map(\.position) == [at(7, 17), at(7, 51), at(7, 55)])
        #expect(template.source == "Hi ${user.name}, you owe $$5 and $$x; ${a}${b}")  // every literal `$` doubled
    }

    @Test func quotedScalarsPlaceVariablesExactly() throws {
        #expect(try #require(message("'It''s ${x}'")).variables.first?.position == at(7, 14))  // escaped quote: start
        #expect(try #require(message("'Say ${x}'")).variables.first?.position == at(7, 19))
        #expect(try #require(message("\"Say ${x}\"")).variables.first?.position == at(7, 19))
        #expect(try #require(message("\"Tab\\t${x}\"")).variables.first?.position == at(7, 14))  // escape: start
        #expect(try #require(message("\"é ${x}\"")).variables.first?.position == at(7, 17))  // columns are scalars
    }

    @Test func soleVariableAndLiterals() throws {
        #expect(try #require(message("\"${profile}\"")).soleVariable?.name == "profile")
        #expect(try #require(message("cost $")).parts == [.text("cost $")])
        #expect(try #require(message("$$${x}")).parts.first == .text("$"))
        #expect(try #require(message("'${under_score_2}'")).soleVariable?.name == "under_score_2")
    }
}
