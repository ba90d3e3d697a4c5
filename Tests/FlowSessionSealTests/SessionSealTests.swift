import FlowEngine
import FlowModel
import FlowSessionSeal
import Foundation
import Testing

@Suite struct SessionSealTests {
    static let token = "planted-continuation-token"

    static func session() -> Session {
        var session = Session(
            flowID: "sign-in", flowDigest: "digest", frames: [Session.Frame(file: "", step: 2)])
        session.continuation = AuthorityContinuation(["continuationToken": token, "username": "ann@contoso.com"])
        return session
    }

    @Test("a sealed session holds its continuation only sealed, and opens to the same session")
    func sealAndOpen() throws {
        let seal = SessionSeal()
        let sealed = try seal.seal(Self.session())
        #expect(sealed.session.continuation == nil)
        #expect(sealed.sealedContinuation != nil)
        let saved = String(decoding: try JSONEncoder().encode(sealed), as: UTF8.self)
        #expect(!saved.contains(Self.token), "\(saved)")
        #expect(!saved.contains("ann@contoso.com"), "\(saved)")
        let decoded = try JSONDecoder().decode(SealedSession.self, from: Data(saved.utf8))
        #expect(seal.open(decoded) == Self.session())
    }

    @Test("a continuation with quotes, control characters and other scripts opens to the same fields")
    func unusualFields() throws {
        let seal = SessionSeal()
        var session = Self.session()
        session.continuation = AuthorityContinuation(["quoted": #"a"b\c"#, "control": "x\u{1}\ny", "script": "é ☃ 😀"])
        #expect(seal.open(try seal.seal(session)) == session)
    }

    @Test("a secret's digest is its SHA-256 in lower-case hex")
    func digest() {
        #expect(SecretDigest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SecretDigest.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("another key does not open a sealed session")
    func anotherKey() throws {
        let sealed = try SessionSeal().seal(Self.session())
        #expect(SessionSeal().open(sealed) == nil)
    }

    @Test("a session without a continuation stays as it is")
    func noContinuation() throws {
        var session = Self.session()
        session.continuation = nil
        let sealed = try SessionSeal().seal(session)
        #expect(sealed.sealedContinuation == nil)
        #expect(SessionSeal().open(sealed) == session)
    }

    @Test("the key file is made private, read again, and refused when it is no 32-byte key")
    func keyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.key").path
        #expect(throws: SealError.self) { try SessionSeal(keyFile: path, creating: false) }

        let sealed = try SessionSeal(keyFile: path).seal(Self.session())
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try SessionSeal(keyFile: path, creating: false).open(sealed) == Self.session())

        try Data("short".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SealError.self) { try SessionSeal(keyFile: path) }
    }
}
