#if Running
    import FlowEngine
    import Foundation

    /// Saved sessions: JSON files readable only by their owner. Secrets are never part of a session, and the
    /// authority's continuation is sealed (``SessionFileSeal``) before it is written.
    enum SessionFile {
        static func save(_ session: SealedSession, to path: String) throws {
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

        /// The sealed session saved in `path`. A session saved by an older flowrun (its continuation inside the
        /// session) is refused with a line saying so.
        static func load(_ path: String) throws -> SealedSession {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read the session file \(path)")
            }
            let decoder = JSONDecoder()
            if let sealed = try? decoder.decode(SealedSession.self, from: data) { return sealed }
            if (try? decoder.decode(Session.self, from: data)) != nil {
                throw CommandFailure(
                    "\(path) was saved by an older flowrun in a format it no longer reads; start the flow again")
            }
            throw CommandFailure("\(path) is not a flowrun session")
        }
    }
#endif
