import Crypto
import FlowEngine
import Foundation

/// The authority's continuation of a saved session, sealed: a continuation token can finish a step on its own
/// (after a reset's code step it sets the user's password), so a session file holds it only encrypted and
/// authenticated (AES-GCM) under a key kept outside the file, in the state folder (`session.key`, mode 0600).
/// The file alone is no credential; resuming needs the same state folder.
struct SessionSeal {
    static let sealedField = "sealed"
    let keyPath: String

    init(state: StateDirectory) {
        keyPath = state.file("session.key")
    }

    /// `session` with its continuation fields replaced by one sealed field.
    func seal(_ session: Session) throws -> Session {
        guard let continuation = session.continuation, !continuation.fields.isEmpty else { return session }
        let plain = try JSONEncoder().encode(continuation.fields)
        let box = try AES.GCM.seal(plain, using: try key(creating: true))
        guard let combined = box.combined else { throw CommandFailure("cannot seal the session's continuation") }
        var sealed = session
        sealed.continuation = AuthorityContinuation([Self.sealedField: combined.base64EncodedString()])
        return sealed
    }

    /// `session` with its sealed continuation opened; an error when the key is missing or does not open it.
    func open(_ session: Session, path: String) throws -> Session {
        guard let text = session.continuation?[Self.sealedField] else { return session }
        guard let combined = Data(base64Encoded: text), let box = try? AES.GCM.SealedBox(combined: combined),
            let plain = try? AES.GCM.open(box, using: try key(creating: false)),
            let fields = try? JSONDecoder().decode([String: String].self, from: plain)
        else {
            throw CommandFailure(
                "\(path) was saved with another state folder's key (\(keyPath)); resume with the --state-dir it "
                    + "was saved with")
        }
        var opened = session
        opened.continuation = AuthorityContinuation(fields)
        return opened
    }

    /// The 32-byte key, created (mode 0600) when `creating` and absent.
    private func key(creating: Bool) throws -> SymmetricKey {
        let files = FileManager.default
        if let data = files.contents(atPath: keyPath), data.count == 32 { return SymmetricKey(data: data) }
        guard creating else { throw CommandFailure("no session key at \(keyPath)") }
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        guard files.createFile(atPath: keyPath, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure("cannot write the session key \(keyPath)")
        }
        return key
    }
}
