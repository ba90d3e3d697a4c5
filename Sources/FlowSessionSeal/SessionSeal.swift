import Crypto
import FlowEngine
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// Seals the authority's continuation of a session: a continuation token can finish a step on its own (after a
/// reset's code step it sets the user's password), so a stored session holds it only encrypted and authenticated
/// (AES-GCM) under a key kept outside the store, in a file of the state folder (`session.key`, mode 0600). A copy
/// of the stored sessions alone is no credential. `flowrun run --save` and `flowrun serve --flows` seal with it.
public struct SessionSeal: Sendable {
    let key: SymmetricKey

    /// A seal under a key that lives as long as the value (for a store in memory).
    public init() {
        key = SymmetricKey(size: .bits256)
    }

    /// The seal under the 32-byte key in `keyFile`, created (mode 0600) when absent and `creating`.
    public init(keyFile: String, creating: Bool = true) throws {
        let files = FileManager.default
        if let data = files.contents(atPath: keyFile) {
            guard data.count == 32 else { throw SealError("\(keyFile) is not a 32-byte key") }
            key = SymmetricKey(data: data)
            return
        }
        guard creating else { throw SealError("no session key at \(keyFile)") }
        let created = SymmetricKey(size: .bits256)
        let data = created.withUnsafeBytes { Data($0) }
        guard files.createFile(atPath: keyFile, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw SealError("cannot write the session key \(keyFile)")
        }
        key = created
    }

    /// `session` with its continuation sealed.
    public func seal(_ session: Session) throws -> SealedSession {
        guard let continuation = session.continuation, !continuation.fields.isEmpty else {
            return SealedSession(session: session, sealedContinuation: nil)
        }
        guard let plain = JSONWriter.encode(.object(continuation.fields.mapValues(Value.string))) else {
            throw SealError("cannot seal the session's continuation")
        }
        guard let combined = try AES.GCM.seal(plain, using: key).combined else {
            throw SealError("cannot seal the session's continuation")
        }
        return SealedSession(session: session, sealedContinuation: combined)
    }

    /// The session with its continuation opened; nil when this key does not open it.
    public func open(_ sealed: SealedSession) -> Session? {
        guard let combined = sealed.sealedContinuation else { return sealed.session }
        guard let box = try? AES.GCM.SealedBox(combined: combined), let plain = try? AES.GCM.open(box, using: key),
            let fields = Self.strings(plain)
        else { return nil }
        var opened = sealed.session
        opened.continuation = AuthorityContinuation(fields)
        return opened
    }
}

extension SessionSeal {
    /// The JSON object of strings in `plain`: read directly, or by `JSONDecoder` when the direct reader does not
    /// take it (a `\u` escape).
    fileprivate static func strings(_ plain: Data) -> [String: String]? {
        guard let object = JSONObjectReader.read(plain) else {
            return try? JSONDecoder().decode([String: String].self, from: plain)
        }
        return Value.object(object).stringFields
    }
}

/// The session key cannot be read or made, or a continuation cannot be sealed.
public struct SealError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
