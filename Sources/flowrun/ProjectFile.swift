import Foundation
import Yams

/// `flowrun.yaml` in the working folder: defaults for `flowrun run` so CI calls stay short. Every key is
/// optional; the command line wins over the file.
///
/// ```yaml
/// authority: http://127.0.0.1:8080/contoso   # or `embedded`, or any http(s) authority URL
/// tenant: contoso                             # instead of authority: https://contoso.ciamlogin.com/contoso.onmicrosoft.com
/// clientId: 00000000-0000-0000-0000-00000000c11e
/// challengeTypes: oob password redirect       # or a list
/// capabilities: [mfa_required]
/// stateDir: .flowrun
/// ```
struct ProjectFile: Equatable {
    /// The file name looked for in the working folder.
    static let name = "flowrun.yaml"
    /// The keys the file may hold.
    static let keys = ["authority", "tenant", "clientId", "challengeTypes", "capabilities", "stateDir"]

    var authority: String?
    var tenant: String?
    var clientID: String?
    var challengeTypes: [String]?
    var capabilities: [String]?
    var stateDir: String?

    /// `flowrun.yaml` of the working folder; empty settings when there is none.
    static func load(folder: String = FileManager.default.currentDirectoryPath) throws -> ProjectFile {
        let path = (folder as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { return ProjectFile() }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("cannot read \(name): \(error.localizedDescription)")
        }
        return try parse(text)
    }

    /// Reads the text of a `flowrun.yaml`; unknown keys and values of the wrong shape are refused with their
    /// line and column.
    static func parse(_ text: String) throws -> ProjectFile {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw CommandFailure("\(name):\(error)")
        }
        var file = ProjectFile()
        guard let root else { return file }
        guard case .mapping(let mapping) = root else {
            throw problem(at: root, "must be a mapping of settings (\(keys.joined(separator: ", ")))")
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw problem(at: keyNode, "a key must be text") }
            switch key {
            case "authority": file.authority = try textValue(value, key)
            case "tenant": file.tenant = try textValue(value, key)
            case "clientId": file.clientID = try textValue(value, key)
            case "challengeTypes": file.challengeTypes = try words(value, key)
            case "capabilities": file.capabilities = try words(value, key)
            case "stateDir": file.stateDir = try textValue(value, key)
            default:
                throw problem(at: keyNode, "unknown key `\(key)` (known: \(keys.joined(separator: ", ")))")
            }
        }
        return file
    }

    /// A non-empty text value.
    private static func textValue(_ node: Node, _ key: String) throws -> String {
        guard case .scalar(let scalar) = node, !scalar.string.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw problem(at: node, "`\(key)` must be non-empty text")
        }
        return scalar.string.trimmingCharacters(in: .whitespaces)
    }

    /// Words: a space-separated text or a list of texts.
    private static func words(_ node: Node, _ key: String) throws -> [String] {
        switch node {
        case .scalar(let scalar): return scalar.string.split(separator: " ").map(String.init)
        case .sequence(let sequence):
            return try sequence.map { item in
                guard case .scalar(let scalar) = item, !scalar.string.isEmpty, !scalar.string.contains(" ") else {
                    throw problem(at: item, "each item of `\(key)` must be one word")
                }
                return scalar.string
            }
        default: throw problem(at: node, "`\(key)` must be space-separated words or a list of words")
        }
    }

    private static func problem(at node: Node, _ message: String) -> CommandFailure {
        let place = node.mark.map { "\($0.line):\($0.column)" } ?? "1:1"
        return CommandFailure("\(name):\(place): \(message)")
    }
}
