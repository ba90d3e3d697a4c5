import Foundation
import Testing

@testable import NativeAuthEmulator

@Suite("JSON columns")
struct RecordJSONTests {
    static let progresses: [FlowProgress] = [
        FlowProgress(phase: .signInInitiated, session: "s1", challengeTypes: ["oob", "redirect"], capabilities: []),
        FlowProgress(
            phase: .signUpAttributesRequired, session: "s/2", userID: "u-1", passwordHash: "pbkdf2$1$a/b$c",
            attributes: ["displayName": "Zoë \"Z\"", "city": "a\\b"], challengeTypes: ["password"],
            capabilities: ["mfa_required", "registration_required"], polls: 3,
            method: StrongAuthMethod(id: "m1", channel: "sms", target: "+15555550100")),
    ]

    @Test("a flow's progress written directly reads back the same, and JSONDecoder reads the same text alike")
    func progressRoundTrip() throws {
        for progress in Self.progresses {
            let text = try RecordJSON.encode(progress)
            #expect(try RecordJSON.decode(FlowProgress.self, from: text) == progress)
            #expect(try JSONDecoder().decode(FlowProgress.self, from: Data(text.utf8)) == progress)
        }
    }

    @Test("text written by JSONEncoder (as earlier stores hold it) reads back the same")
    func foundationTextReads() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for progress in Self.progresses {
            let text = String(decoding: try encoder.encode(progress), as: UTF8.self)
            #expect(try RecordJSON.decode(FlowProgress.self, from: text) == progress)
        }
        let steps = ["/oauth2/v2.0/token", "/signup/v1.0/continue"]
        let stepsText = String(decoding: try encoder.encode(steps), as: UTF8.self)
        #expect(stepsText.contains("\\/"))
        #expect(try RecordJSON.decode([String].self, from: stepsText) == steps)
    }

    @Test("a user's methods written directly read back the same, and text written by JSONEncoder reads alike")
    func methodsRoundTrip() throws {
        let methods = [
            StrongAuthMethod(id: "m1", channel: "sms", target: "+15555550100"),
            StrongAuthMethod(id: "m/2", channel: "email", target: "z\u{f6}e \"z\"@contoso.com"),
        ]
        for list in [[], methods] {
            let text = try RecordJSON.encode(list)
            #expect(try RecordJSON.decode([StrongAuthMethod].self, from: text) == list)
            #expect(try JSONDecoder().decode([StrongAuthMethod].self, from: Data(text.utf8)) == list)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let earlier = String(decoding: try encoder.encode(list), as: UTF8.self)
            #expect(try RecordJSON.decode([StrongAuthMethod].self, from: earlier) == list)
            #expect(text == earlier.replacingOccurrences(of: "\\/", with: "/"))
        }
        #expect((try? RecordJSON.decode([StrongAuthMethod].self, from: #"[{"id":"m"}]"#)) == nil)
    }

    @Test("a key it does not know, a missing key or a key of another type is refused as JSONDecoder refuses it")
    func refusals() {
        let good =
            #"{"attributes":{},"capabilities":[],"challengeTypes":[],"phase":"mfaRequired","polls":0,"session":"s"}"#
        #expect((try? RecordJSON.decode(FlowProgress.self, from: good))?.phase == .mfaRequired)
        for bad in [
            good.replacingOccurrences(of: #""polls":0,"#, with: ""),
            good.replacingOccurrences(of: #""polls":0"#, with: #""polls":"0""#),
            good.replacingOccurrences(of: #""phase":"mfaRequired""#, with: #""phase":"unknown""#),
        ] {
            #expect((try? RecordJSON.decode(FlowProgress.self, from: bad)) == nil, "\(bad)")
        }
        let extra = good.replacingOccurrences(of: "{\"attributes\"", with: "{\"extra\":1,\"attributes\"")
        #expect(FlowProgress(recordJSON: .object(["extra": .integer(1)])) == nil)
        #expect(
            (try? RecordJSON.decode(FlowProgress.self, from: extra))
                == (try? JSONDecoder().decode(FlowProgress.self, from: Data(extra.utf8))))
    }
}
