import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthWire
import Testing

@testable import FlowServer

/// The session record's own JSON must be what `JSONEncoder` writes and `JSONDecoder` reads, or a record stored by
/// one flowrun would read differently in another.
@Suite("session record JSON")
struct SessionRecordJSONTests {
    static var session: Session {
        var session = Session(
            flowID: "sign-up", flowDigest: "sha256:ab12",
            frames: [
                Session.Frame(
                    file: "", step: 3,
                    variables: [
                        "email": "ada@example.com", "password": "s3cret!", "attempt": 2, "ratio": .number(0.75),
                        "flags": [true, .null], "attributes": ["city": "Paris", "quote": "say \"hi\"\n\\"],
                    ],
                    secretNames: ["password", "code"]),
                Session.Frame(file: "shared/verify.yaml", step: 0),
            ])
        session.attempts = ["#resend": 2, "shared/verify.yaml#retry": 1]
        return session
    }

    static var ask: InputRequest {
        InputRequest(
            flowID: "sign-up", step: "ask_code",
            fields: [
                InputField(
                    name: "code", type: .code, label: "Code", hint: "8 digits", secret: true, pattern: "^[0-9]{8}$",
                    patternMessage: "eight digits"),
                InputField(
                    name: "profile", type: .attributes, label: "You",
                    attributes: [
                        AttributeRequest(name: "city", label: "City", required: false, pattern: ".+"),
                        AttributeRequest(name: "name", label: "Name"),
                    ]),
            ],
            hint: "check your mail/inbox", choices: ["resend"], problem: "wrong code", problemField: "code")
    }

    /// Records with every field, and with only the required ones, in each state.
    static var records: [SessionRecord] {
        let full = SessionRecord(
            id: "", flow: "sign-up", state: .asking, ask: ask, messages: ["Café ☕ sent", "tab\there"],
            refused: true, end: nil, reason: nil, session: nil,
            sealedSession: SealedSession(session: session, sealedContinuation: Data([0, 1, 2, 250, 255])),
            version: 7, answeredAt: [1_764_271_234.125, 1_764_271_240, 1_764_271_241.5],
            creator: .browser(binding: "b1nd/ing+="),
            authorization: AuthorizationRequest(
                clientID: "app", redirectURI: "http://127.0.0.1:5/cb", codeChallenge: "E9Mel", state: "xyz",
                nonce: "n-0S6", scopes: ["openid", "profile"], loginHint: "ada@example.com"),
            account: SignedInAccount(userID: "u-1", username: "ada@example.com"),
            tokensFor: APITokenRequest(clientID: "app", scopes: ["openid"]))
        let ended = SessionRecord(
            id: "sid", flow: "sign-in", state: .ended, ask: nil, messages: [],
            end: EndResult(kind: .named("locked"), reason: "too many", message: "Try later", output: ["n": 1]),
            version: 2, creator: .api)
        var unsealed = full
        unsealed.sealedSession = nil
        unsealed.session = session
        unsealed.session?.continuation = AuthorityContinuation(["continuation_token": "ct", "username": "ada"])
        let failed = SessionRecord(
            id: "", flow: "x", state: .failed, ask: nil, messages: [], reason: "gone", version: 1)
        let cancelled = SessionRecord(
            id: "", flow: "x", state: .cancelled, ask: nil, messages: ["bye"],
            end: EndResult(kind: .success), version: 4, answeredAt: [])
        return [full, ended, unsealed, failed, cancelled]
    }

    /// `record` as `JSONEncoder` writes it (secret variables left out) and reads it back.
    static func throughFoundation(_ record: SessionRecord) throws -> SessionRecord {
        try JSONDecoder().decode(SessionRecord.self, from: JSONEncoder().encode(record))
    }

    @Test("a record written directly reads, through JSONDecoder, as the one Foundation writes")
    func writtenAsFoundationReads() throws {
        for record in Self.records {
            let written = try SessionRecordJSON.encode(record)
            #expect(try JSONDecoder().decode(SessionRecord.self, from: written) == Self.throughFoundation(record))
        }
    }

    @Test("a record Foundation writes is read directly, as JSONDecoder reads it")
    func readDirectly() throws {
        for record in Self.records {
            let foundation = try JSONEncoder().encode(record)
            let value = try #require(JSONObjectReader.readValue(foundation, fractions: true))
            // Read directly, not through the fallback: the direct path is what the store's time depends on.
            #expect(SessionRecord(json: value) == (try Self.throughFoundation(record)))
            #expect(try SessionRecordJSON.decode(SessionRecordJSON.encode(record)) == Self.throughFoundation(record))
        }
    }

    @Test("secret variables are never written")
    func secretsLeftOut() throws {
        let text = String(decoding: try SessionRecordJSON.encode(Self.records[0]), as: UTF8.self)
        #expect(!text.contains("s3cret"))
        #expect(text.contains("ada@example.com"))
    }

    @Test(
        "a record the direct reader does not take is left to JSONDecoder: an unknown key, a null, a number in another form",
        arguments: [
            #"{"flow":"x","id":"","messages":[],"state":"failed","version":1,"reason":"gone","retired":true}"#,
            #"{"flow":"x","id":"","messages":[],"state":"failed","version":1,"reason":null}"#,
            #"{"flow":"x","id":"","messages":[],"state":"failed","version":1,"answeredAt":[1e9]}"#,
            #"{"flow":"x","id":"","messages":["\u00e9"],"state":"failed","version":1}"#,
        ])
    func leftToFoundation(_ text: String) throws {
        let data = Data(text.utf8)
        #expect(try SessionRecordJSON.decode(data) == JSONDecoder().decode(SessionRecord.self, from: data))
    }

    @Test("a record neither reader takes is an error", arguments: [#"{"flow":1}"#, "[]", "", #"{"state":"paused"}"#])
    func unreadable(_ text: String) {
        #expect(throws: (any Error).self) { try SessionRecordJSON.decode(Data(text.utf8)) }
    }

    @Test("an ask and an end are written as the API has always written them")
    func apiShapes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let end = EndResult(kind: .failure, reason: "r", message: "m/n", output: ["a": [1, "b"], "c": .number(2.5)])
        #expect(JSONWriter.encode(Self.ask.json) == Array(try encoder.encode(Self.ask)))
        #expect(JSONWriter.encode(end.json) == Array(try encoder.encode(end)))
    }
}
