import FlowModel
import FlowrunFoundation

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

    /// Runs the flow from its start. Every declared param must be given.
    public func start(params: [String: Value] = [:]) async -> RunOutcome {
        let missing = program.params.map(\.name.value).filter { params[$0] == nil }
        if !missing.isEmpty {
            return .failed(EngineError("missing params: " + missing.map { "`\($0)`" }.joined(separator: ", ")))
        }
        var given = params
        for param in program.params {
            if let value = params[param.name.value] {
                given[param.name.value] = ListValues.converted(value, to: param.type)
            }
        }
        var interpreter = Interpreter(runner: self)
        let secrets = interpreter.secretNames(of: program)
        let frame = Session.Frame(file: "", step: program.start, variables: given, secretNames: secrets)
        interpreter.session = Session(flowID: program.id, flowDigest: digest, frames: [frame])
        return await interpreter.run()
    }

    /// Continues a suspended run. Refuses a session of another flow, or of this flow before it changed.
    public func resume(_ session: Session) async -> RunOutcome {
        guard session.version == Session.formatVersion else {
            return .failed(
                EngineError(
                    "the session was saved in format \(session.version); this flowrun reads format \(Session.formatVersion): start the flow again"
                ))
        }
        guard session.flowID == program.id else {
            return .failed(EngineError("the session belongs to flow `\(session.flowID)`, not `\(program.id)`"))
        }
        guard session.flowDigest == digest else {
            return .failed(
                EngineError(
                    "the flow `\(program.id)` changed since the session was saved (digest \(session.flowDigest), now \(digest)); start it again"
                ))
        }
        var interpreter = Interpreter(runner: self)
        for frame in session.frames {
            guard let frameProgram = interpreter.programs[frame.file], frameProgram.steps.indices.contains(frame.step)
            else {
                return .failed(
                    EngineError(
                        "the session points at a step that does not exist in `\(frame.file.isEmpty ? program.file : frame.file)`"
                    ))
            }
        }
        interpreter.session = session
        return await interpreter.run()
    }
}
