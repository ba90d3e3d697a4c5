import FlowLoader
import FlowModel
import Foundation
import NativeAuth
import Testing

#if canImport(FlowChecker)
    import FlowChecker
#endif

/// The hostile flow corpus: every file of `HostileCorpus/` (each at most 64 KiB) and the
/// generated giants (a 100 MB file, 100,000 steps, a huge string) get their specific diagnostic, at its
/// position where it has one, within 2 seconds of this thread's CPU time and 200 MB of resident memory, and
/// none crashes or hangs. Files that must load, load without an error.
///
/// The loader runs on every file; files that load are then checked by `FlowChecker`: cycles through `use` and
/// self-loops are the checker's findings. (FlowChecker must be a dependency of this test target; without it
/// those files fail with an issue saying so.)
@Suite("Hostile flow corpus", .serialized)
struct HostileCorpusTests {
    /// The corpus folder, next to this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("HostileCorpus").path

    static let cpuLimit = Duration.seconds(2)
    static let memoryLimit = 200 << 20

    /// Every file of the corpus and what it must yield.
    static let corpus: [CorpusFile] = [
        // Aliases and anchors.
        CorpusFile("alias-bomb.yaml", .documentTooLarge, at(5, 4)),
        CorpusFile("alias-bomb-in-flow.yaml", .documentTooLarge, at(11, 10)),
        CorpusFile("alias-chain.yaml", .nestingTooDeep, at(1, 10)),
        CorpusFile("alias-as-key.yaml", .wrongType, at(2, 6)),
        // 10,000-deep nesting (300 and 150 levels by indentation: 10,000 would be a 50 MB file).
        CorpusFile("nesting-flow-sequences.yaml", .nestingTooDeep, at(1, 65)),
        CorpusFile("nesting-flow-mappings.yaml", .nestingTooDeep, at(1, 4 * 64 + 1)),
        CorpusFile("nesting-block-sequences.yaml", .nestingTooDeep, at(1, 2 * 64 + 1)),
        CorpusFile("nesting-indentation.yaml", .nestingTooDeep, at(65, 65)),
        CorpusFile("nesting-indentless-sequences.yaml", .nestingTooDeep, at(65, 65)),
        CorpusFile("nesting-json-arrays.json", .nestingTooDeep, at(1, 65)),
        CorpusFile("nesting-json-objects.json", .nestingTooDeep, at(1, 5 * 64 + 1)),
        // Text.
        CorpusFile("invalid-utf8.yaml", .invalidUTF8, at(2, 8)),
        CorpusFile("invalid-utf8.json", .invalidUTF8, at(2, 12)),
        CorpusFile("invalid-utf8-surrogate.yaml", .invalidUTF8, at(2, 8)),
        CorpusFile("bom.yaml"),
        CorpusFile("bom.json"),
        CorpusFile("tabs.yaml", .syntaxError, at(5, 1)),
        CorpusFile("control-character.yaml", .syntaxError, at(2, 6)),
        CorpusFile("empty.yaml", .emptyFile),
        CorpusFile("empty.json", .emptyFile),
        CorpusFile("whitespace-only.yaml", .emptyFile),
        CorpusFile("whitespace-only.json", .emptyFile),
        CorpusFile("comments-only.yaml", .emptyFile),
        // Structure and types.
        CorpusFile("duplicate-keys.yaml", .duplicateKey, at(4, 1)),
        CorpusFile("duplicate-keys.json", .duplicateKey, at(4, 3)),
        CorpusFile("key-not-a-string.yaml", .wrongType, at(5, 5)),
        CorpusFile("steps-not-a-map.yaml", .wrongType, at(4, 8)),
        CorpusFile("number-id.yaml", .wrongType, at(2, 5)),
        CorpusFile("number-start.json", .wrongType, at(1, 36)),
        CorpusFile("version-as-string.yaml", .wrongType, at(1, 10)),
        CorpusFile("trailing-comma.json", .syntaxError, at(2, 39)),
        CorpusFile("trailing-comma-array.json", .syntaxError, at(3, 34)),
        CorpusFile("multiple-documents.yaml", .multipleDocuments, at(6, 1)),
        // Names.
        CorpusFile("unicode-step-name.yaml", .invalidValue, at(3, 8)),
        CorpusFile("unicode-emoji-step-name.yaml", .invalidValue, at(6, 3)),
        CorpusFile("unicode-text.yaml"),
        // Sub-flows and graphs.
        CorpusFile("self-loop.yaml", checker: .noWayToEnd, at(5, 3)),
        CorpusFile("use-self.yaml", checker: .subflowCycle, at(5, 17)),
        CorpusFile("use-cycle/a.yaml", checker: .subflowCycle, at(5, 18)),
        CorpusFile("use-cycle/b.yaml", checker: .subflowCycle, at(5, 18)),
        CorpusFile("use-outside-root/main.yaml", .pathEscapesRoot, at(5, 15)),
        CorpusFile("use-absolute-path.yaml", .pathEscapesRoot, at(5, 15)),
        CorpusFile("use-missing.yaml", .subflowNotFound, at(5, 15)),
    ]

    @Test("the corpus folder holds exactly the listed files, each at most 64 KiB, none a scenario file")
    func corpusIsComplete() throws {
        let root = URL(fileURLWithPath: Self.folder)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: Set<String> = []
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            found.insert(name)
            #expect((values.fileSize ?? .max) <= 64 * 1024, "\(name) is over 64 KiB")
            #expect(!name.hasSuffix(".test.yaml"), "\(name) would be taken for a scenario file")
        }
        #expect(found == Set(Self.corpus.map(\.name)))
    }

    @Test("a hostile file gets its diagnostic quickly, in bounded memory", arguments: corpus)
    func hostileFile(_ file: CorpusFile) throws {
        let path = Self.folder + "/" + file.name
        let (outcome, cpu, memory) = try measuringCPUAndMemory { Self.loadAndCheck(path) }
        Self.report(file.name, outcome.diagnostics, cpu: cpu, memory: memory)
        #expect(cpu < Self.cpuLimit, "\(file.name): \(cpu) of CPU time")
        #expect(memory < Self.memoryLimit, "\(file.name): \(memory >> 20) MB of memory")

        let errors = outcome.diagnostics.filter { $0.severity == .error }
        if file.checkerCode != nil && !outcome.checked && outcome.loaded {
            Issue.record("\(file.name) needs FlowChecker, which this test target cannot import")
        }
        guard let expected = file.loaderCode ?? (outcome.checked ? file.checkerCode : nil) else {
            #expect(errors.isEmpty, "\(file.name): \(errors.map(\.description))")
            #expect(outcome.loaded, "\(file.name) did not load")
            return
        }
        #expect(
            errors.first?.code == expected,
            "\(file.name): expected \(expected.rawValue) first, got \(outcome.diagnostics.map(\.description))")
        let finding = try #require(
            outcome.diagnostics.first { $0.code == expected }, "\(file.name): no \(expected.rawValue)")
        #expect(finding.position == file.position, "\(file.name): \(finding)")
        if file.loaderCode == nil {
            // A checker finding: the files themselves load.
            #expect(outcome.loaded, "\(file.name): \(outcome.diagnostics.map(\.description))")
        }
    }

    @Test("a 100 MB file is refused (FR002) without being read whole")
    func hundredMegabyteFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("huge.yaml")
        try folder.write("huge.yaml", minimalFlow + "# ")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let (outcome, cpu, memory) = try measuringCPUAndMemory { Self.loadAndCheck(path) }
        Self.report("generated 100 MB file", outcome.diagnostics, cpu: cpu, memory: memory)
        #expect(outcome.diagnostics.map(\.code) == [.fileTooLarge], "\(outcome.diagnostics)")
        #expect(outcome.diagnostics.first?.position == nil)
        #expect(outcome.diagnostics.first?.message.contains("104857600 bytes") == true)
        #expect(cpu < Self.cpuLimit)
        // Reading it whole would take 100 MB.
        #expect(memory < 32 << 20, "\(memory >> 20) MB of memory")
    }

    /// Every step is at least two nodes, so 100,000 steps cannot fit in the default 200,000 nodes: the node limit
    /// (FR007) stops the file before the step limit can; 10,001 steps meet the step limit (FR015) at the first
    /// step too many.
    @Test("100,000 steps are refused (FR007); 10,001 steps are refused (FR015)")
    func manySteps() throws {
        let folder = try TemporaryFolder()
        for (count, code, position) in [
            (100_000, RuleCode.documentTooLarge, at(50_002, 18)), (10_001, .tooManySteps, at(10_005, 3)),
        ] {
            var text = "flowrun: 1\nid: many\nstart: s0\nsteps:\n"
            for index in 0..<count { text += "  s\(index): { end: success }\n" }
            try folder.write("steps-\(count).yaml", text)
            let (outcome, cpu, memory) = try measuringCPUAndMemory {
                Self.loadAndCheck(folder.file("steps-\(count).yaml"))
            }
            Self.report("generated \(count) steps", outcome.diagnostics, cpu: cpu, memory: memory)
            #expect(outcome.diagnostics.map(\.code) == [code], "\(count): \(outcome.diagnostics.prefix(3))")
            #expect(outcome.diagnostics.first?.position == position, "\(count)")
            #expect(cpu < Self.cpuLimit, "\(count): \(cpu)")
            #expect(memory < Self.memoryLimit, "\(count): \(memory >> 20) MB")
        }
    }

    /// Strings of a mebibyte in YAML (plain and double-quoted) and of 3 MiB in JSON load; a string that takes
    /// the file past 4 MiB is refused. (A debug build parses YAML at roughly 1 µs a byte: a 3 MB YAML string
    /// takes about 2.5 s of CPU time there, so the YAML strings here stay at 1 MiB.)
    @Test("huge strings load within the bounds; one past the file limit is refused (FR002)")
    func hugeStrings() throws {
        let folder = try TemporaryFolder()
        let mebibyte = String(repeating: "x", count: 1 << 20)
        let threeMebibytes = String(repeating: mebibyte, count: 3)
        try folder.write("plain.yaml", minimalFlow + "title: " + mebibyte + "\n")
        try folder.write("quoted.yaml", minimalFlow + "description: \"" + mebibyte + "\"\n")
        try folder.write(
            "title.json",
            #"{"flowrun": 1, "id": "j", "start": "d", "title": ""# + threeMebibytes
                + #"", "steps": {"d": {"end": "success"}}}"#)
        try folder.write("past.yaml", minimalFlow + "title: " + threeMebibytes + threeMebibytes + "\n")
        for name in ["plain.yaml", "quoted.yaml", "title.json", "past.yaml"] {
            let (outcome, cpu, memory) = try measuringCPUAndMemory { Self.loadAndCheck(folder.file(name)) }
            Self.report("generated \(name)", outcome.diagnostics, cpu: cpu, memory: memory)
            if name == "past.yaml" {
                #expect(outcome.diagnostics.map(\.code) == [.fileTooLarge], "\(outcome.diagnostics)")
            } else {
                #expect(!outcome.diagnostics.contains { $0.severity == .error }, "\(name): \(outcome.diagnostics)")
                #expect(outcome.loaded, "\(name)")
            }
            #expect(cpu < Self.cpuLimit, "\(name): \(cpu)")
            #expect(memory < Self.memoryLimit, "\(name): \(memory >> 20) MB")
        }
    }

    @Test("the memory measure sees 64 MiB touched by the work")
    func memoryMeasureSeesGrowth() throws {
        let (sum, _, memory) = try measuringCPUAndMemory {
            var pages = [UInt8](repeating: 0, count: 64 << 20)
            for index in stride(from: 0, to: pages.count, by: 4096) { pages[index] = 1 }
            return pages.reduce(0) { $0 &+ Int($1) }
        }
        #expect(sum == 16_384)
        #expect(memory >= 60 << 20, "\(memory >> 20) MB")
    }

    /// What loading (and, when it loaded, checking) a file gave.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var loaded: Bool
        var checked: Bool
    }

    static func loadAndCheck(_ path: String) -> Outcome {
        let result = FlowLoader().load(file: path)
        guard let flows = result.flows, !result.diagnostics.contains(where: { $0.severity == .error }) else {
            return Outcome(diagnostics: result.diagnostics, loaded: false, checked: false)
        }
        #if canImport(FlowChecker)
            let checked = FlowChecker(catalogs: [NativeAuthClient.defaultCatalog]).check(flows)
            return Outcome(diagnostics: result.diagnostics + checked.diagnostics, loaded: true, checked: true)
        #else
            _ = flows
            return Outcome(diagnostics: result.diagnostics, loaded: true, checked: false)
        #endif
    }

    /// With `HOSTILE_CORPUS_REPORT` set, one line per file: the diagnostics, the CPU time and the memory.
    static func report(_ name: String, _ diagnostics: [Diagnostic], cpu: Duration, memory: Int) {
        guard ProcessInfo.processInfo.environment["HOSTILE_CORPUS_REPORT"] != nil else { return }
        let found = diagnostics.prefix(2).map { "\($0.code.rawValue) \($0.position.map { "\($0)" } ?? "-")" }
        let milliseconds = Double(cpu.components.seconds) * 1000 + Double(cpu.components.attoseconds) / 1e15
        print(
            "corpus \(name): \(found.isEmpty ? "ok" : found.joined(separator: ", ")) "
                + "cpu=\(String(format: "%.1f", milliseconds))ms memory=\(memory >> 10)KiB")
    }
}

/// A corpus file and the diagnostic it must yield: from the loader, or from the checker once it loads; none
/// means it must load (and check) without an error.
struct CorpusFile: Sendable, CustomTestStringConvertible {
    var name: String
    var loaderCode: RuleCode?
    var checkerCode: RuleCode?
    var position: SourcePosition?

    init(_ name: String, _ code: RuleCode? = nil, _ position: SourcePosition? = nil) {
        self.name = name
        self.loaderCode = code
        self.position = position
    }

    init(_ name: String, checker code: RuleCode, _ position: SourcePosition) {
        self.name = name
        self.checkerCode = code
        self.position = position
    }

    var testDescription: String { name }
}

/// Runs `work` and returns its result, this thread's CPU time, and how far the process's resident memory rose
/// above what it was before: the peak (`VmHWM`, reset first through `/proc/self/clear_refs`) where Linux allows
/// resetting it, else the resident size after the work.
func measuringCPUAndMemory<Result>(_ work: () throws -> Result) throws -> (Result, Duration, Int) {
    let before = residentBytes()
    let peakWasReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    let (result, cpu) = try measuringWork(work)
    let after = peakWasReset ? peakResidentBytes() ?? residentBytes() : residentBytes()
    return (result, cpu, max(0, after - before))
}

/// The resident size of this process (`/proc/self/statm`), 0 where it cannot be read.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The peak resident size since the last reset (`VmHWM` of `/proc/self/status`).
private func peakResidentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return kilobytes.map { $0 * 1024 }
}
