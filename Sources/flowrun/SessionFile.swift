#if Running
    import FlowEngine
    import Foundation

    /// Saved sessions: JSON files readable only by their owner. Secrets are never part of a session, and the
    /// authority's continuation is sealed (``SessionSeal``) before it is written.
    enum SessionFile {
        static func save(_ session: Session, to path: String) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = try encoder.encode(session)
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CommandFailure("cannot write the session file \(path)") }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
        }

        static func load(_ path: String) throws -> Session {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read the session file \(path)")
            }
            do {
                return try JSONDecoder().decode(Session.self, from: data)
            } catch {
                throw CommandFailure("\(path) is not a flowrun session")
            }
        }
    }
#endif
