#if Running
    import FlowScenarios
    import Foundation

    /// Writes what `flowrun test --explore --write DIR` derived: one `NAME.test.yaml` per flow, never over a file
    /// that was edited since (``ExploreFingerprint``).
    enum ExploreOutput {
        /// Writes the scenario file for `flow` into `folder` (created when missing) and returns its path.
        static func write(_ exploration: Exploration, flow: String, folder: String) throws -> String {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create the folder \(folder): \(error.localizedDescription)")
            }
            let stem = ((flow as NSString).lastPathComponent as NSString).deletingPathExtension
            let target = (folder as NSString).appendingPathComponent("\(stem).test.yaml")
            let modeline = schemaPath(from: folder).map { "yaml-language-server: $schema=\($0)\n" } ?? ""
            let header =
                modeline + """
                    Scenarios derived by `flowrun test --explore \(flow)`: together they take every edge the explorer
                    reached. Review them, rename them, and add the expectations that matter (messages, users, output).
                    """ + unreachedNote(exploration.unreached)
            let text = ScenarioWriter.yaml(
                exploration.scenarios.file, flowPath: relativePath(from: folder, to: flow), header: header)
            guard ExploreFingerprint.mayReplace(target) else {
                throw CommandFailure(
                    "\(target) was changed since flowrun wrote it (or was not written by it): not overwritten; "
                        + "move it away or write to another folder")
            }
            do {
                try ExploreFingerprint.signed(text).write(toFile: target, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("cannot write \(target): \(error.localizedDescription)")
            }
            return target
        }

        /// The edges the explorer did not take, each with why, as lines for the file's header; empty for none.
        static func unreachedNote(_ unreached: [UnreachedEdge]) -> String {
            guard !unreached.isEmpty else { return "" }
            let lines = unreached.map { "- \($0.file):\($0.edge.position.line): \($0.edge.text) — \($0.reason)" }
            return "\nNot reached by the explorer (write scenarios for these by hand):\n"
                + lines.joined(separator: "\n")
        }

        /// `schemas/scenario.schema.json` of the nearest folder above `folder` that has one, relative to `folder`;
        /// nil when there is none (the modeline is then left out rather than pointing nowhere).
        static func schemaPath(from folder: String) -> String? {
            var directory = URL(fileURLWithPath: folder).standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("schemas/scenario.schema.json")
                if FileManager.default.fileExists(atPath: candidate.path) {
                    return relativePath(from: folder, to: candidate.path)
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { return nil }
                directory = parent
            }
        }

        /// `to` as a path relative to the folder `from`.
        static func relativePath(from folder: String, to file: String) -> String {
            let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
            let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
            var common = 0
            while common < min(base.count, target.count), base[common] == target[common] { common += 1 }
            let up = Array(repeating: "..", count: base.count - common)
            return (up + target[common...]).joined(separator: "/")
        }
    }
#endif
