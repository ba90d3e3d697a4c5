import Crypto
import FlowEngine
import Foundation

/// The authority's continuation in a stored session, sealed: a continuation token can finish a step on its own
/// (after a reset's code step it sets the user's password), so the session store holds it only encrypted and
/// authenticated (AES-GCM) under a key kept outside the database, in a file of the state folder
/// (`session.key`, mode 0600, the key `flowrun run --save` seals with). A copy of the database alone is no
/// credential. `flowrun run --save` seals the sessions it saves in files the same way.
public struct ContinuationSeal: Sendable {
    /// The one field a sealed continuation has.
    public static let sealedField = "sealed"
    private let key: SymmetricKey

    /// A seal under a key that lives as long as the value (for a store in memory).
    package init() {
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

    /// `session` with its continuation fields replaced by one sealed field.
    public func seal(_ session: Session) throws -> Session {
        guard let continuation = session.continuation, !continuation.fields.isEmpty else { return session }
        let plain = try JSONEncoder().encode(continuation.fields)
        guard let combined = try AES.GCM.seal(plain, using: key).combined else {
            throw SealError("cannot seal the session's continuation")
        }
        var sealed = session
        sealed.continuation = AuthorityContinuation([Self.sealedField: combined.base64EncodedString()])
        return sealed
    }

    /// `session` with its sealed continuation opened; nil when this key does not open it.
    public func open(_ session: Session) -> Session? {
        guard let text = session.continuation?[Self.sealedField] else { return session }
        guard let combined = Data(base64Encoded: text), let box = try? AES.GCM.SealedBox(combined: combined),
            let plain = try? AES.GCM.open(box, using: key),
            let fields = try? JSONDecoder().decode([String: String].self, from: plain)
        else { return nil }
        var opened = session
        opened.continuation = AuthorityContinuation(fields)
        return opened
    }
}

/// The session key cannot be read or made.
public struct SealError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
