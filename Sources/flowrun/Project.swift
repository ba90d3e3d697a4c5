import FlowLoader
import FlowModel
import FlowReview
import Foundation

/// The project: `flowrun.yaml` in the working folder, read once per command and passed to whatever needs it.
/// It holds defaults for `flowrun run` so CI calls stay short. Every key is optional; the command line wins over
/// the file.
///
/// ```yaml
/// authority: http://127.0.0.1:8080/contoso   # or `embedded`, or any http(s) authority URL
/// tenant: contoso                             # instead of authority:
///                                             #   https://contoso.ciamlogin.com/contoso.onmicrosoft.com
/// clientId: 00000000-0000-0000-0000-00000000c11e
/// challengeTypes: oob password redirect       # or a list
/// capabilities: [mfa_required]
/// stateDir: .flowrun
/// database: postgres://flowrun@db.internal/flowrun  # flowrun serve: instead of SQLite in stateDir
/// root: .                                     # sub-flows may be anywhere under this folder
/// catalogs: [catalogs/magic-link.json]        # action catalogs of other authorities
/// limits: { codesSent: 5, passwordAttempts: 10 }  # validate: the most one run may reach (flowrun bounds)
/// ```
struct Project: Equatable {
    /// The file name looked for in the working folder.
    static let fileName = "flowrun.yaml"
    /// The keys the file may hold.
    static let keys = [
        "authority", "tenant", "clientId", "challengeTypes", "capabilities", "stateDir", "database", "root", "catalogs",
        "limits",
    ]

    var authority: String?
    var tenant: String?
    var clientID: String?
    var challengeTypes: [String]?
    var capabilities: [String]?
    var stateDir: String?
    /// Where `flowrun serve` keeps its state: `sqlite:DIR` or a `postgres://` URL.
    var database: String?
    /// The folder every flow and sub-flow must lie in (so `signup/` may use `../shared/`), relative to the
    /// working folder and inside it; without it each flow's own folder is the root of its sub-flows.
    var root: String?
    /// Action catalog files of other authorities, relative to the working folder and inside it.
    var catalogs: [String]?
    /// The most one run of any flow may reach, by measure of `flowrun bounds`; `validate` fails (FR132) beyond.
    var limits: [BoundMeasure: Int]?

    /// `flowrun.yaml` of the working folder, for a command: a malformed file is a usage error.
    static func current() throws -> Project {
        do {
            return try load()
        } catch let failure as CommandFailure {
            throw UsageError(failure.description)
        }
    }

    /// The project folder: the working folder, which holds `flowrun.yaml`. Every path written in a file that
    /// `validate` and `test` read (`root:`, `catalogs:`, a scenario's `flow:`, a `use:`) must lead to a file in it;
    /// only paths typed on the command line may lead elsewhere.
    static var folder: String { FileManager.default.currentDirectoryPath }

    /// The project folder of a file named on the command line: the working folder when the file lies in it (once
    /// symbolic links are followed), else the nearest folder above the file that holds `flowrun.yaml` or `.git`
    /// (its repository), else the file's own folder.
    static func folder(of file: String) -> String {
        if FlowPath.isReallyInside(file, root: folder) { return folder }
        var candidate = FlowPath.directory(of: FlowPath.absolute(file))
        while true {
            let markers = [fileName, ".git"].map { (candidate as NSString).appendingPathComponent($0) }
            if markers.contains(where: { FileManager.default.fileExists(atPath: $0) }) { return candidate }
            guard candidate != "/" else { return FlowPath.directory(of: file) }
            candidate = FlowPath.directory(of: candidate)
        }
    }

    /// The folder `root` names, checked to be a folder inside the project folder once symbolic links are
    /// followed; nil when it names none. A root that is not a folder, or lies outside the project, is a usage error.
    func rootFolder() throws -> String? {
        guard let root else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("\(Self.fileName): `root: \(root)` is not a folder")
        }
        guard FlowPath.isReallyInside(root, root: Self.folder) else {
            throw UsageError(
                "\(Self.fileName): `root: \(root)` leads out of the project folder `\(Self.folder)`; "
                    + "the root must be the project folder or a folder inside it")
        }
        return FlowPath.normalize(root)
    }

    /// The files `catalogs` names, each checked to lie inside the project folder once symbolic links are followed
    /// (a catalog outside it is a usage error, and is not read).
    func catalogFiles() throws -> [String] {
        try (catalogs ?? []).map { file in
            guard FlowPath.isReallyInside(file, root: Self.folder) else {
                throw UsageError(
                    "\(Self.fileName): the catalog `\(file)` lies outside the project folder `\(Self.folder)`; "
                        + "the file was not read")
            }
            return file
        }
    }

    /// `flowrun.yaml` of the working folder; empty settings when there is none.
    static func load(folder: String = FileManager.default.currentDirectoryPath) throws -> Project {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return Project() }
        return try parse(DataFileReader().read(file: path, format: .yaml))
    }

    /// Reads the text of a `flowrun.yaml`; unknown keys and values of the wrong shape are refused with their
    /// line and column.
    static func parse(_ text: String) throws -> Project {
        try parse(DataFileReader().parse(Array(text.utf8), file: fileName, format: .yaml))
    }

    private static func parse(_ read: (root: DataNode?, diagnostics: [Diagnostic])) throws -> Project {
        if read.diagnostics.contains(where: { $0.code == .emptyFile }) { return Project() }
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            let place = error.position.map { ":\($0)" } ?? ""
            throw CommandFailure("\(fileName)\(place): \(error.message)")
        }
        var file = Project()
        guard let root = read.root else { return file }
        if case .null = root.value { return file }
        guard case .map(let entries) = root.value else {
            throw problem(at: root, "must be a mapping of settings (\(keys.joined(separator: ", ")))")
        }
        for entry in entries {
            let value = entry.value
            switch entry.key {
            case "authority": file.authority = try textValue(value, entry.key)
            case "tenant": file.tenant = try textValue(value, entry.key)
            case "clientId": file.clientID = try textValue(value, entry.key)
            case "challengeTypes": file.challengeTypes = try words(value, entry.key)
            case "capabilities": file.capabilities = try words(value, entry.key)
            case "stateDir": file.stateDir = try textValue(value, entry.key)
            case "database": file.database = try textValue(value, entry.key)
            case "root": file.root = try textValue(value, entry.key)
            case "catalogs": file.catalogs = try words(value, entry.key)
            case "limits": file.limits = try limits(value)
            default:
                throw CommandFailure(
                    "\(fileName):\(entry.keyPosition): unknown key "
                        + "`\(entry.key)` (known: \(keys.joined(separator: ", ")))"
                )
            }
        }
        return file
    }

    /// A scalar as text: strings, and numbers or booleans written plainly.
    private static func scalar(_ node: DataNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null, .list, .map: return nil
        }
    }

    /// A non-empty text value.
    private static func textValue(_ node: DataNode, _ key: String) throws -> String {
        guard let text = scalar(node)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            throw problem(at: node, "`\(key)` must be non-empty text")
        }
        return text
    }

    /// Words: a space-separated text or a list of texts.
    private static func words(_ node: DataNode, _ key: String) throws -> [String] {
        if let text = scalar(node) { return text.split(separator: " ").map(String.init) }
        guard case .list(let items) = node.value else {
            throw problem(at: node, "`\(key)` must be space-separated words or a list of words")
        }
        return try items.map { item in
            guard let word = scalar(item), !word.isEmpty, !word.contains(" ") else {
                throw problem(at: item, "each item of `\(key)` must be one word")
            }
            return word
        }
    }

    /// `limits:`: a mapping of measure names to whole numbers of at least 0.
    private static func limits(_ node: DataNode) throws -> [BoundMeasure: Int] {
        let names = BoundMeasure.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .map(let entries) = node.value else {
            throw problem(at: node, "`limits` must be a mapping of measures (\(names)) to whole numbers")
        }
        var limits: [BoundMeasure: Int] = [:]
        for entry in entries {
            guard let measure = BoundMeasure(rawValue: entry.key) else {
                throw CommandFailure(
                    "\(fileName):\(entry.keyPosition): unknown limit `\(entry.key)` (known: \(names))")
            }
            guard case .int(let maximum) = entry.value.value, maximum >= 0 else {
                throw problem(at: entry.value, "`limits.\(entry.key)` must be a whole number of at least 0")
            }
            limits[measure] = maximum
        }
        return limits
    }

    private static func problem(at node: DataNode, _ message: String) -> CommandFailure {
        CommandFailure("\(fileName):\(node.position): \(message)")
    }
}
