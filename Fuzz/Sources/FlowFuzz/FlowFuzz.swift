import FlowCompiler
import FlowModel
import Foundation
import NativeAuth

/// The compiler with the catalog `flowrun validate` uses, built once.
private let compiler = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog])

/// The most CPU time one input may take, in seconds (`FLOWFUZZ_CPU_LIMIT`, default 2). It is measured as this
/// thread's CPU time, as the loader's tests do, so that a busy machine does not turn a fast input into a
/// finding; libFuzzer's own wall-clock `-timeout` stays as a backstop for real hangs.
private let cpuLimit: Duration = .milliseconds(
    Int((Double(ProcessInfo.processInfo.environment["FLOWFUZZ_CPU_LIMIT"] ?? "") ?? 2) * 1000))

/// libFuzzer's entry point: the bytes are a flow file. Input that looks like JSON (its first byte is `{`, `[`
/// or `"`) is read both as `fuzz.json` and as `fuzz.yaml` (JSON is nearly YAML); anything else as `fuzz.yaml`.
/// A document that loads is checked as a flow set of one file (a `use` step names a file that is not there,
/// which the checker treats as reported by the loader). The loader and the checker must answer every input
/// with diagnostics: a crash, a sanitizer report, an input over the CPU limit or running out of memory is a
/// finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = [UInt8](UnsafeBufferPointer(start: start, count: count))
    let looksLikeJSON = [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains(bytes[0])
    let began = threadCPUTime()
    if looksLikeJSON {
        loadAndCheck(bytes, file: "fuzz.json")
    }
    loadAndCheck(bytes, file: "fuzz.yaml")
    let spent = threadCPUTime() - began
    if spent > cpuLimit {
        fail("loading and checking \(count) bytes took \(spent) of CPU time; the limit is \(cpuLimit)")
    }
    return 0
}

private func loadAndCheck(_ bytes: [UInt8], file: String) {
    let compiled = compiler.compile(bytes: bytes, file: file)
    if (compiled.program == nil) != compiled.diagnostics.hasErrors {
        fail("\(file): the program and the errors disagree: \(compiled.diagnostics)")
    }
}

/// Reports a broken property and crashes, so that libFuzzer saves the input.
private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FlowFuzz: \(message)\n".utf8))
    abort()
}

private func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// libFuzzer's driver, which runs the fuzzing loop, parses `-max_len=` and the other flags, and reads corpus
/// folders. Declared here because Swift has no header for it.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The program's entry point. SwiftPM links every executable with `--defsym main=<Module>_main` (so that tests
/// can link the module), and `-parse-as-library`, which libFuzzer needs, emits no such function: this one
/// hands control to libFuzzer's driver, exactly as libFuzzer's own `main` would.
@_cdecl("FlowFuzz_main")
public func flowFuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, fuzzOneInput)
}
