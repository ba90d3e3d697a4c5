import FlowModel
import FlowrunFoundation
import Tracing

/// Runs a checked `Program` against an ``Authority``, asking an ``InputSource`` at `ask` steps.
public struct FlowRunner: Sendable {
    public let program: Program
    /// Digest of the flow's files, recorded in sessions so a resume can refuse a changed flow.
    public let digest: String
    public let authority: any Authority
    public let inputs: any InputSource
    public let observer: (@Sendable (EngineEvent) -> Void)?
    /// The most transitions a run may take between two answers of the user (a guard; the checker already
    /// rejects loops that need no input and have no attempt limit).
    public var maxTransitionsWithoutInput = 10_000_000
    /// Where the run's spans go: `run <flow id>` per start or resume and `step <step id>` per step (with the
    /// step's kind and outcome, never a value). The process's bootstrapped tracer by default; with the no-op
    /// tracer a run does no tracing work.
    public var tracer: any Tracer = InstrumentationSystem.tracer

    public init(
        program: Program, digest: String, authority: any Authority, inputs: any InputSource,
        observer: (@Sendable (EngineEvent) -> Void)? = nil
    ) {
        self.program = program
        self.digest = digest
        self.authority = authority
        self.inputs = inputs
        self.observer = observer
    }

    /// Runs the flow from its start. Every declared param must be given, and the authority's catalog must be
    /// the one the program was checked against.
    public func start(params: [String: Value] = [:]) async -> RunOutcome {
        var interpreter = Interpreter(runner: self)
        if let refusal = catalogRefusal(interpreter.programs) { return .failed(refusal) }
        let missing = program.params.map(\.name.value).filter { params[$0] == nil }
        if !missing.isEmpty {
            return .failed(
                EngineError(
                    .missingParams(missing), "missing params: " + missing.map { "`\($0)`" }.joined(separator: ", ")))
        }
        var given = params
        for param in program.params {
            if let value = params[param.name.value] {
                given[param.name.value] = ListValues.converted(value, to: param.type)
            }
        }
        let secrets = interpreter.secretNames(of: program)
        let frame = Session.Frame(file: "", step: program.start, variables: given, secretNames: secrets)
        interpreter.session = Session(flowID: program.id, flowDigest: digest, frames: [frame])
        return await interpreter.run()
    }

    /// Continues a suspended run. Refuses a session of another flow, or of this flow before it changed, and an
    /// authority whose catalog is not the one the program was checked against.
    public func resume(_ session: Session) async -> RunOutcome {
        var interpreter = Interpreter(runner: self)
        if let refusal = catalogRefusal(interpreter.programs) { return .failed(refusal) }
        guard session.version == Session.formatVersion else {
            return .failed(
                EngineError(
                    .flowChanged,
                    "the session was saved in format \(session.version); "
                        + "this flowrun reads format \(Session.formatVersion): start the flow again"
                ))
        }
        guard session.flowID == program.id else {
            return .failed(
                EngineError(.flowChanged, "the session belongs to flow `\(session.flowID)`, not `\(program.id)`"))
        }
        guard session.flowDigest == digest else {
            return .failed(
                EngineError(
                    .flowChanged,
                    "the flow `\(program.id)` changed since the session was saved "
                        + "(digest \(session.flowDigest), now \(digest)); start it again"
                ))
        }
        for frame in session.frames {
            guard let frameProgram = interpreter.programs[frame.file], frameProgram.steps.indices.contains(frame.step)
            else {
                return .failed(
                    EngineError(
                        .flowChanged,
                        "the session points at a step that does not exist in "
                            + "`\(frame.file.isEmpty ? program.file : frame.file)`"
                    ))
            }
        }
        interpreter.session = session
        return await interpreter.run()
    }

    /// Why the run may not start: a program of the run on the root flow's authority was checked against
    /// another catalog than the authority's (compared once per run, by digest). Sub-flows on another
    /// authority's catalog are not compared: that authority is not this one.
    private func catalogRefusal(_ programs: ProgramTable) -> EngineError? {
        let catalog = authority.catalog
        for checked in programs.all where checked.authority == program.authority {
            guard checked.catalogDigest != catalog.digest else { continue }
            let reason = EngineError.Reason.catalogMismatch(checked: checked.catalogDigest, authority: catalog.digest)
            let which = checked.file == program.file ? "flow" : "sub-flow"
            return EngineError(
                reason,
                "the \(which) `\(checked.id)` was checked against another catalog than the authority's "
                    + "(`\(catalog.authority)`, digest \(catalog.digest); the flow's: `\(checked.authority)`, "
                    + "digest \(checked.catalogDigest)): check it against the authority's catalog")
        }
        return nil
    }
}
