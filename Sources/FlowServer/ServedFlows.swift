import FlowCompiler
import FlowModel
import Foundation

/// A flow the runner serves: its id and descriptive fields, and the checked program with its digest.
public struct ServedFlow: Sendable {
    public var id: String
    public var title: String?
    public var description: String?
    /// The file, relative to the folder served.
    public var file: String
    public var program: Program
    public var digest: String
    /// The program in each language the folder has translations for, by locale.
    public var translated: [String: Program] = [:]
    /// Whether the flow, or a sub-flow it uses, calls an action that needs a signed-in account: one whose catalog
    /// declares the `noAccount` outcome (getting a token, reading or signing out the account).
    public let usesAccount: Bool

    /// The flow `program` of `file`, its content digest `digest`; not translated yet.
    public init(id: String, title: String?, description: String?, file: String, program: Program, digest: String) {
        self.id = id
        self.title = title
        self.description = description
        self.file = file
        self.program = program
        self.digest = digest
        usesAccount = program.withSubflows.contains { program in
            program.actions.values.contains { $0.outcomeData["noAccount"] != nil }
        }
    }

    /// The program in `locale`: its texts translated, or the flow's own when there is no such translation.
    public func program(in locale: String?) -> Program {
        locale.flatMap { translated[$0] } ?? program
    }
}

/// The flows of a folder, loaded once when the server starts.
public struct ServedFlows: Sendable {
    public private(set) var flows: [ServedFlow] = []
    /// One line per file that is not served: its errors, or an id already taken by another file.
    public private(set) var problems: [String] = []
    /// One line per flow that checks but is not offered to people: a sub-flow, or a flow with params, which only
    /// another flow can start with the values it needs (a flow offers itself with `serve: true`).
    public private(set) var withheld: [String] = []
    /// The translations of the folder (`translations/<locale>.po`); a file that cannot be read is named in
    /// ``problems`` and left out.
    public private(set) var translations = Translations()

    /// Compiles each of `files` (found in `folder`); a file with errors, or whose id another file already has, is
    /// left out and named in ``problems``. A flow that another flow uses, or that has params, is left out and
    /// named in ``withheld`` unless its file says `serve: true`; a file that says `serve: false` is always left out.
    public init(files: [String], in folder: String, compiler: FlowCompiler) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var taken: [String: String] = [:]
        var checked: [(file: String, program: Program, digest: String)] = []
        for file in files {
            let compiled = compiler.compile(file: file)
            guard let program = compiled.program, let digest = compiled.digest else {
                let errors = compiled.diagnostics.filter { $0.severity == .error }
                problems.append("\(file): not served, \(errors.count) error(s): " + (errors.first?.description ?? ""))
                continue
            }
            if let other = taken[program.id] {
                problems.append("\(file): not served, its id `\(program.id)` is already that of \(other)")
                continue
            }
            taken[program.id] = file
            checked.append((file, program, digest))
        }
        let (translations, translationProblems) = compiler.translations(folder: folder)
        self.translations = translations
        for problem in translationProblems where problem.severity == .error {
            let effect = problem.code == .translationUnreadable ? "the file is not used" : "that text is not translated"
            problems.append("\(problem.description): \(effect)")
        }
        let used = Set(checked.flatMap { $0.program.withSubflows.dropFirst().map { Self.canonical($0.file) } })
        for (file, program, digest) in checked {
            let relative = file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
            if let reason = Self.withholding(program, used: used.contains(Self.canonical(file))) {
                withheld.append("\(relative): not served, \(reason)")
                continue
            }
            var flow = ServedFlow(
                id: program.id, title: program.title, description: program.description, file: relative,
                program: program, digest: digest)
            for locale in translations.locales {
                flow.translated[locale] = translations.program(program, in: locale)
            }
            flows.append(flow)
        }
    }

    /// Why `program` is not offered to people, or nil when it is.
    private static func withholding(_ program: Program, used: Bool) -> String? {
        switch program.serve {
        case true?: return nil
        case false?: return "its file says `serve: false`"
        case nil where !program.params.isEmpty:
            return "it has params that only a flow using it gives (`serve: true` offers it)"
        case nil where used: return "another flow uses it as a sub-flow (`serve: true` offers it too)"
        case nil: return nil
        }
    }

    /// A file's path with `.` and `..` resolved, to tell when a `use` names a file of the folder.
    private static func canonical(_ file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The flow with this id.
    public func flow(_ id: String) -> ServedFlow? {
        flows.first { $0.id == id }
    }
}
