import FlowModel
import FlowrunFoundation
import Tracing

/// The state of one run and the step semantics of the language.
struct Interpreter {
    let runner: FlowRunner
    /// Every program of the run (the root and its sub-flows), by their key in the session.
    let programs: ProgramTable
    var session = Session(flowID: "", flowDigest: "", frames: [])
    private var transitionsWithoutInput = 0
    /// The run's spans; nil when the runner's tracer is the no-op one.
    private let tracing: RunTracing?

    init(runner: FlowRunner) {
        self.runner = runner
        self.programs = ProgramTable(root: runner.program)
        self.tracing = RunTracing(runner.tracer)
    }

    /// What taking an edge led to.
    enum Step {
        case next
        case finished(RunOutcome)
    }

    /// Runs the session's steps until the run ends, suspends or fails, in a span of its own when traced.
    mutating func run() async -> RunOutcome {
        guard let tracing else { return await runSteps(in: nil) }
        let span = tracing.startRun(runner.program)
        defer { span.end() }
        let outcome = await runSteps(in: span.context)
        tracing.finishRun(span, outcome)
        return outcome
    }

    /// Takes steps until the run ends, suspends or fails; each step in a span under `run` when traced.
    private mutating func runSteps(in run: ServiceContext?) async -> RunOutcome {
        var problem: InputValidation.Problem?
        var entering = true
        // Only the file and step index of the running frame are read here: holding a copy of the frame would
        // make every variable assignment below copy the frame's whole variable dictionary (copy on write).
        // The running program is looked up again only when the running frame changes (a `use` step or a
        // sub-flow's end): a lookup copies the program's fields.
        var programKey: String?
        var program = programs.root
        var fixedAsks = FixedAsks(program: program)
        while let file = session.frames.last?.file {
            if file != programKey {
                guard let found = programs[file] else { break }
                program = found
                programKey = file
                fixedAsks = FixedAsks(program: found)
            }
            let stepIndex = session.frames[session.frames.count - 1].step
            let step = program.steps[stepIndex]
            let span = run.flatMap { run in tracing?.startStep(step, of: program, run: run) }
            defer { span?.end() }
            let result: Step
            do throws(EngineError) {
                if entering { try enter(step, of: program) }
                entering = true
                switch step.kind {
                case .ask(let names, let hint, let choices, let next):
                    var request: InputRequest
                    if let fixed = fixedAsks.request(at: stepIndex) {
                        request = fixed
                    } else {
                        request = try askRequest(names, hint: hint, choices: choices, step: step, program: program)
                        fixedAsks.remember(request, at: stepIndex, of: program)
                    }
                    if let problem {
                        request.problem = problem.message
                        request.problemField = problem.field.isEmpty ? nil : problem.field
                    }
                    problem = nil
                    let answer = await ask(request, step: step, program: program)
                    span?.attributes["flowrun.step.outcome"] = Self.traced(answer)
                    switch answer {
                    case .failure(let stop):
                        return stop.outcome
                    case .success(.choice(let choice)):
                        guard let edge = choices[choice] else {
                            problem = InputValidation.Problem(
                                field: "", message: "`\(choice)` is not one of the choices here")
                            entering = false
                            continue
                        }
                        result = try take(edge, in: program)
                    case .success(.values(let given)):
                        let values = ListValues.converted(given, for: request.fields)
                        if let refusal = InputValidation.problem(with: values, for: request.fields) {
                            span?.attributes["flowrun.step.outcome"] = "rejected"
                            problem = refusal
                            emit(
                                EngineEvent(
                                    .inputRejected, flow: program.file, step: step.name.value,
                                    message: refusal.message, field: refusal.field))
                            entering = false
                            continue
                        }
                        for name in names { session.frames[session.frames.count - 1].variables[name] = values[name] }
                        result = try take(next, in: program)
                    case .success(.cancel), .success(.suspend):
                        return .cancelled  // `ask` maps these to outcomes; kept for exhaustiveness
                    }
                case .action(let name, let arguments, let outcomes):
                    result = try await perform(
                        name, arguments: arguments, outcomes: outcomes, step: step, program: program, span: span)
                case .choose(let branches, let otherwise):
                    let variables = session.frames[session.frames.count - 1].variables
                    let branch = branches.first { Conditions.holds($0.condition, in: variables) }
                    result = try take(branch?.edge ?? otherwise, in: program)
                case .set(let assignments, let next):
                    for assignment in assignments {
                        let value = try evaluate(assignment.value, step: step)
                        let last = session.frames.count - 1
                        session.frames[last].variables[assignment.name.value] = value
                        // A copy of a secret, or a text that embeds one, is a secret too (never un-marked).
                        if isSecret(assignment.value) { session.frames[last].secretNames.insert(assignment.name.value) }
                    }
                    result = try take(next, in: program)
                case .use(let file, let arguments, _):
                    result = try startSubflow(file, arguments: arguments, step: step, program: program)
                case .end(let end):
                    span?.attributes["flowrun.step.outcome"] = end.kind.value.name
                    let message = try render(step.message, step: step)
                    result = try finish(end, message: message)
                }
            } catch {
                span?.setStatus(SpanStatus(code: .error))
                return .failed(error)
            }
            if case .finished(let outcome) = result { return outcome }
            transitionsWithoutInput += 1
            if transitionsWithoutInput > runner.maxTransitionsWithoutInput {
                return .failed(
                    EngineError(
                        .tooManyTransitions(runner.maxTransitionsWithoutInput),
                        "more than \(runner.maxTransitionsWithoutInput) transitions without user input"))
            }
        }
        return .failed(EngineError(.inconsistent, "the session has no flow to run"))
    }

    private mutating func enter(_ step: ProgramStep, of program: Program) throws(EngineError) {
        emit(EngineEvent(.stepEntered, flow: program.file, step: step.name.value))
        if let message = step.message {
            let text = try render(message, step: step)
            emit(EngineEvent(.message, flow: program.file, step: step.name.value, message: text))
        }
    }

    private mutating func ask(_ request: InputRequest, step: ProgramStep, program: Program) async
        -> Result<InputAnswer, AskStop>
    {
        emit(
            EngineEvent(
                .inputRequested, flow: program.file, step: step.name.value, inputs: request.fields.map(\.name),
                request: request))
        transitionsWithoutInput = 0
        do {
            let answer = try await runner.inputs.answer(request)
            switch answer {
            case .cancel: return .failure(AskStop(outcome: .cancelled))
            case .suspend: return .failure(AskStop(outcome: .suspended(session)))
            default: return .success(answer)
            }
        } catch {
            let reason = EngineError.Reason.inputEnded(step: step.name.value)
            return .failure(
                AskStop(outcome: .failed(EngineError(reason, "no answer for step `\(step.name.value)`: \(error)"))))
        }
    }

    /// Performs the action of an action step; with a step `span`, the authority answers within its context and
    /// the outcome is recorded on it.
    private mutating func perform(
        _ action: String, arguments: [NamedValue], outcomes: [String: Program.EdgeIndex], step: ProgramStep,
        program: Program, span: (any Span)?
    ) async throws(EngineError) -> Step {
        var values: [String: Value] = [:]
        for argument in arguments { values[argument.name.value] = try evaluate(argument.value, step: step) }
        emit(EngineEvent(.actionCalled, flow: program.file, step: step.name.value, action: action))
        let answer: ActionResult
        do {
            let continuation = session.continuation
            if let span {
                answer = try await ServiceContext.withValue(span.context) { [runner, values] in
                    try await runner.authority.perform(action, arguments: values, continuation: continuation)
                }
            } else {
                answer = try await runner.authority.perform(action, arguments: values, continuation: continuation)
            }
        } catch {
            throw EngineError(
                .authorityUnavailable(action: action), "`\(action)` could not reach the authority: \(error)")
        }
        if let continuation = answer.continuation { session.continuation = continuation }
        span?.attributes["flowrun.step.outcome"] = answer.outcome
        emit(
            EngineEvent(
                .outcome, flow: program.file, step: step.name.value, action: action, outcome: answer.outcome,
                data: shownData(answer, of: program.actions[action])))
        guard let edge = outcomes[answer.outcome] else {
            throw EngineError(
                .undeclaredOutcome(action: action, outcome: answer.outcome),
                "`\(action)` answered `\(answer.outcome)`, an outcome its catalog does not declare")
        }
        let last = session.frames.count - 1
        for (name, value) in answer.data { session.frames[last].variables[name] = value }
        return try take(edge, in: program)
    }

    private mutating func startSubflow(
        _ file: String, arguments: [NamedValue], step: ProgramStep, program: Program
    ) throws(EngineError) -> Step {
        guard let key = programs.key(of: file), let subprogram = programs[key] else {
            throw EngineError(.inconsistent, "sub-flow `\(file)` is not loaded")
        }
        var params: [String: Value] = [:]
        for argument in arguments { params[argument.name.value] = try evaluate(argument.value, step: step) }
        var secrets = secretNames(of: subprogram)
        for argument in arguments where isSecret(argument.value) { secrets.insert(argument.name.value) }
        emit(EngineEvent(.subflowStarted, flow: program.file, step: step.name.value, message: file))
        session.frames.append(
            Session.Frame(file: key, step: subprogram.start, variables: params, secretNames: secrets))
        return .next
    }

    /// Takes an edge of the current frame's program, counting attempts; returns whether the run goes on.
    /// `program` is the running frame's program.
    mutating func take(_ index: Program.EdgeIndex, in program: Program) throws(EngineError) -> Step {
        var index = index
        while true {
            // The edge's fields are read in place, and its step only when an event or a message needs it:
            // copying either costs more than the rest of taking the edge.
            if let limit = program.edges[index].attempts {
                let key = "\(session.frames[session.frames.count - 1].file)#\(index)"
                let count = session.attempts[key, default: 0] + 1
                session.attempts[key] = count
                if count > limit, let exhausted = program.edges[index].exhausted {
                    emit(
                        EngineEvent(
                            .attemptsExhausted, flow: program.file,
                            step: program.steps[program.edges[index].from].name.value, edge: index))
                    index = exhausted
                    continue
                }
            }
            emit(
                EngineEvent(
                    .transition, flow: program.file, step: program.steps[program.edges[index].from].name.value,
                    edge: index))
            var message: String?
            if let template = program.edges[index].message {
                let step = program.steps[program.edges[index].from]
                message = try render(template, step: step)
                emit(EngineEvent(.message, flow: program.file, step: step.name.value, message: message))
            }
            switch program.edges[index].target {
            case .step(let next):
                session.frames[session.frames.count - 1].step = next
                return .next
            case .end(let end):
                return try finish(end, message: message)
            }
        }
    }

    /// Ends the running flow: hands its end to the calling `use` step, or ends the run.
    private mutating func finish(_ end: EndSpec, message: String?) throws(EngineError) -> Step {
        guard let frame = session.frames.last else {
            throw EngineError(.inconsistent, "the session has no flow to end")
        }
        let program = programs[frame.file]
        let step = program?.steps[frame.step]
        let file = program?.file ?? frame.file
        var output: [String: Value] = [:]
        var secretOutputs: Set<String> = []
        for entry in end.output {
            output[entry.name.value] = try evaluate(entry.value, step: step)
            if isSecret(entry.value) { secretOutputs.insert(entry.name.value) }
        }
        guard session.frames.count > 1 else {
            var shown = output
            for name in secretOutputs { shown[name] = .string(Masking.mask) }
            let result = EndResult(
                kind: end.kind.value, reason: end.reason?.value, message: message, output: shown)
            emit(EngineEvent(.ended, flow: file, end: result))
            return .finished(.ended(result))
        }
        session.frames.removeLast()
        let last = session.frames.count - 1
        let parentFile = session.frames[last].file
        emit(EngineEvent(.subflowEnded, flow: file, outcome: end.kind.value.name))
        guard let parent = programs[parentFile],
            case .use(_, _, let ends) = parent.steps[session.frames[last].step].kind,
            let edge = ends[end.kind.value.name]
        else {
            throw EngineError(.inconsistent, "no step handles the end `\(end.kind.value.name)` of sub-flow `\(file)`")
        }
        for (name, value) in output { session.frames[last].variables[name] = value }
        session.frames[last].secretNames.formUnion(secretOutputs)
        return try take(edge, in: parent)
    }

    /// An outcome's data as events show it: values the program's catalog marks secret, or does not declare,
    /// masked.
    private func shownData(_ answer: ActionResult, of action: ProgramAction?) -> [String: Value]? {
        guard !answer.data.isEmpty else { return nil }
        var shown: [String: Value] = [:]
        for (name, value) in answer.data {
            let secret = action?.isSecret(name, of: answer.outcome) ?? true
            shown[name] = secret ? .string(Masking.mask) : value
        }
        return shown
    }

    /// What an ask led to, for its step's span: `answered`, `chose`, `suspended`, `cancelled` or `ended` (no
    /// answer came).
    private static func traced(_ answer: Result<InputAnswer, AskStop>) -> String {
        switch answer {
        case .success(.choice): return "chose"
        case .success: return "answered"
        case .failure(let stop):
            switch stop.outcome {
            case .suspended: return "suspended"
            case .cancelled: return "cancelled"
            default: return "ended"
            }
        }
    }

    func emit(_ event: @autoclosure () -> EngineEvent) {
        if let observer = runner.observer { observer(event()) }
    }
}

/// Why an `ask` ended the run instead of answering.
struct AskStop: Error {
    var outcome: RunOutcome
}
