import FlowLoader
import FlowModel
import Testing

/// Files that are not text, hold nothing, or do not parse.
@Suite struct TextTests {
    @Test func invalidUTF8() {
        var bytes = Array("flowrun: 1\nid: caf".utf8)
        bytes.append(0xE9)  // Latin-1 é
        bytes += Array(" au lait\n".utf8)
        expectFinding(parse(bytes: bytes), .invalidUTF8, at: at(2, 8), containing: "0xE9")
        expectFinding(parse(bytes: bytes, file: "flow.json"), .invalidUTF8, at: at(2, 8))
    }

    @Test func invalidUTF8AfterMultibyteCharacters() {
        var bytes = Array("title: ×é€\n  x: ".utf8)
        bytes += [0xF0, 0x28, 0x8C, 0xBC]  // bad second byte of a 4-byte sequence
        expectFinding(parse(bytes: bytes), .invalidUTF8, at: at(2, 6))
        expectFinding(parse(bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80]), .invalidUTF8, at: at(1, 4))  // surrogate
        expectFinding(parse(bytes: Array("a: ".utf8) + [0xC0, 0xAF]), .invalidUTF8, at: at(1, 4))  // overlong
        expectFinding(parse(bytes: Array("a: ".utf8) + [0xE2, 0x82]), .invalidUTF8, at: at(1, 4))  // truncated
    }

    @Test func emptyFile() {
        expectFinding(parse(""), .emptyFile)
        expectFinding(parse("", file: "flow.json"), .emptyFile)
        #expect(parse("").first(.emptyFile)?.position == nil)
    }

    @Test func whitespaceAndCommentsOnly() {
        expectFinding(parse("  \n\t\n\r\n"), .emptyFile)
        expectFinding(parse("# yaml-language-server: $schema=x\n   # another\n\n"), .emptyFile)
        expectFinding(parse(" \n \n", file: "flow.json"), .emptyFile)
        expectFinding(parse("---\n"), .emptyFile)
    }

    @Test func byteOrderMarkIsAccepted() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(minimalFlow.utf8)
        #expect(parse(bytes: bytes).diagnostics.isEmpty)
        let json = #"{"flowrun": 1, "id": "m", "start": "done", "steps": {"done": {"end": "success"}}}"#
        let parsed = parse(bytes: [0xEF, 0xBB, 0xBF] + Array(json.utf8), file: "flow.json")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.document?.id.position == at(1, 22))
    }

    @Test func tabIndentation() {
        let text = "flowrun: 1\nsteps:\n\tdone: { end: success }\n"
        expectFinding(parse(text), .syntaxError, at: at(3, 1), containing: "tab")
    }

    @Test func controlCharacter() {
        expectFinding(parse("id: a\u{7}b\n"), .syntaxError, at: at(1, 6), containing: "U+0007")
    }

    @Test func unsupportedExtension() {
        expectFinding(parse(minimalFlow, file: "flow.txt"), .unsupportedExtension)
        #expect(parse(minimalFlow, file: "FLOW.YML").diagnostics.isEmpty)
    }
}

@Suite struct SyntaxTests {
    @Test func yamlSyntaxError() {
        let text = "flowrun: 1\nsteps: [a, b\n"
        expectFinding(parse(text), .syntaxError, at: at(3, 1), containing: "did not find expected ',' or ']'")
    }

    static let quoteTemplateHint =
        "inside `{ }` or `[ ]`, quote strings that contain `${...}`: message: \"Hi ${email}\""

    @Test(arguments: [
        "  s: { end: success, message: Hi ${email} }\n",
        "  s: { end: success, message: ${email} }\n",
        "  s: { end: success, message: 'it''s ${email}', hint: ${x} }\n",
        "  s: [ Hi ${email}, x ]\n",
        "  s: {\n    end: success,\n    message: Hi ${email}\n  }\n",
    ])
    func yamlUnquotedTemplateInFlowCollection(body: String) {
        let text = minimalFlow + body
        let parsed = parse(text)
        // libyaml stops at the `{` that ends the plain scalar.
        let unquoted = body.contains("${x}") ? "{x}" : "{email}"
        expectFinding(parsed, .syntaxError, at: locate(unquoted, in: text))
        #expect(parsed.first(.syntaxError)?.hint == Self.quoteTemplateHint)
    }

    @Test(arguments: [
        "  s: { end: success, message: \"Hi ${email}\" x }\n",
        "  s: { end: success, message: 'it''s ${email}' x }\n",
        "  s: { end: success, message: Hi x y: z } # ${email}\n",
        "  s: [ a, b\n",
    ])
    func yamlSyntaxErrorWithoutUnquotedTemplate(body: String) {
        let parsed = parse(minimalFlow + body)
        expectFinding(parsed, .syntaxError)
        #expect(parsed.first(.syntaxError)?.hint == "fix the syntax at the position shown")
    }

    @Test func yamlUndefinedAlias() {
        expectFinding(parse("a: *nowhere\n"), .syntaxError, at: at(1, 4), containing: "undefined alias")
    }

    @Test func multipleDocuments() {
        let text = minimalFlow + "---\n" + minimalFlow
        expectFinding(parse(text), .multipleDocuments, at: at(6, 1))
    }

    @Test func duplicateKeyInYAML() {
        let text = """
            flowrun: 1
            id: first
            start: done
            id: second
            steps:
              done: { end: success, end: failure }

            """
        let parsed = parse(text)
        expectFinding(parsed, .duplicateKey, at: at(4, 1), containing: "`id`; it is first defined on line 2")
        let nested = parsed.diagnostics.filter { $0.code == .duplicateKey }.map(\.position)
        #expect(nested == [at(4, 1), at(6, 25)])
        #expect(parsed.diagnostics.count == 2, "\(parsed.diagnostics)")
    }

    @Test func duplicateKeysInManyMappings() {
        let text = """
            flowrun: 1
            a:
              x: 1
              'x': 2
              "x": 3
            b: { y: 1, z: 2, y: 3, z: 4 }
            a: 5

            """
        let positions = parse(text).diagnostics.filter { $0.code == .duplicateKey }.map(\.position)
        #expect(positions == [at(4, 3), at(5, 3), at(6, 18), at(6, 24), at(7, 1)])
    }

    @Test func duplicateKeyInJSON() {
        let text = """
            {
              "flowrun": 1,
              "id": "a",
              "flowrun": 1
            }
            """
        expectFinding(parse(text, file: "flow.json"), .duplicateKey, at: at(4, 3), containing: "line 2")
    }

    @Test func jsonTrailingCommas() {
        expectFinding(
            parse(#"{"flowrun": 1,}"#, file: "flow.json"), .syntaxError, at: at(1, 15), containing: "trailing commas")
        expectFinding(parse("[1, 2,\n]", file: "flow.json"), .syntaxError, at: at(2, 1), containing: "trailing commas")
    }

    @Test func jsonErrorsAtExactPositions() {
        let cases: [(String, SourcePosition, String)] = [
            (#"{"a": 1 "b": 2}"#, at(1, 9), "expected ',' or '}' after an object member"),
            ("[1 2]", at(1, 4), "expected ',' or ']' after an array element"),
            (#"{"a" 1}"#, at(1, 6), "expected ':' after the object key"),
            ("{a: 1}", at(1, 2), "expected a key in double quotes"),
            ("// note\n{}", at(1, 1), "comments are not allowed"),
            ("{\"a\": tru}", at(1, 7), "unexpected `tru`"),
            ("[01]", at(1, 3), "leading zeros"),
            ("[1.]", at(1, 4), "digit after the decimal point"),
            ("[\"a\nb\"]", at(1, 4), "line break"),
            (#"["\x"]"#, at(1, 3), "invalid escape"),
            (#"["\uD800"]"#, at(1, 3), "unpaired high surrogate"),
            (#"["\uDC00"]"#, at(1, 3), "unpaired low surrogate"),
            (#"["abc"#, at(1, 2), "unterminated string"),
            ("{} {}", at(1, 4), "after the top-level value"),
            ("[", at(1, 2), "end of the file"),
        ]
        for (text, position, message) in cases {
            expectFinding(parse(text, file: "flow.json"), .syntaxError, at: position, containing: message)
        }
    }

    @Test func jsonPositionsCountUnicodeScalars() {
        let text = "{\"flowrun\": 1, \"title\": \"é€😀\", \"id\": \"x\",\r\n \"start\": 1}"
        let parsed = parse(text, file: "flow.json")
        let positions = parsed.diagnostics.map(\.position)
        // `start` must be a string: its value is on line 2 after a CRLF.
        #expect(positions.contains(at(2, 11)), "\(parsed.diagnostics)")
    }

    @Test func jsonStringEscapes() {
        let text = #"""
            {"flowrun": 1, "id": "e", "title": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00", "start": "s",
             "steps": {"s": {"end": "success"}}}
            """#
        let parsed = parse(text, file: "flow.json")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.document?.title == "a\"b\\c/d\u{8}\u{C}\n\r\té😀")
    }
}
