import FlowModel
import Tracing

/// The spans of a run, when its tracer is not the no-op one: `run <flow id>` for each start or resume, and under
/// it `step <step id>` for each step taken, with the step's kind and what it led to. An action step's span is the
/// task's context while the authority answers, so the authority's own spans are its children. Attributes name
/// the flow, step, kind, action and outcome only: never a variable, an answer, a message or a continuation.
struct RunTracing {
    let tracer: any Tracer

    /// Tracing through `tracer`; nil for the no-op tracer, so that a run without one does no tracing work.
    init?(_ tracer: any Tracer) {
        if tracer is NoOpTracer { return nil }
        self.tracer = tracer
    }

    /// The span of one start or resume of `program`, a child of the task's current context.
    func startRun(_ program: Program) -> any Span {
        let span = tracer.startSpan("run \(program.id)", context: ServiceContext.current ?? .topLevel)
        span.attributes["flowrun.flow"] = program.id
        return span
    }

    /// Records how the run ended on its span: `ended` (with the end's kind), `suspended`, `cancelled` or `failed`
    /// (an error status, without the error's text).
    func finishRun(_ span: any Span, _ outcome: RunOutcome) {
        switch outcome {
        case .ended(let end):
            span.attributes["flowrun.run.outcome"] = "ended"
            span.attributes["flowrun.end"] = end.kind.name
        case .suspended: span.attributes["flowrun.run.outcome"] = "suspended"
        case .cancelled: span.attributes["flowrun.run.outcome"] = "cancelled"
        case .failed:
            span.attributes["flowrun.run.outcome"] = "failed"
            span.setStatus(SpanStatus(code: .error))
        }
    }

    /// The span of one step of `program`, a child of the run's span.
    func startStep(_ step: ProgramStep, of program: Program, run: ServiceContext) -> any Span {
        let span = tracer.startSpan("step \(step.name.value)", context: run)
        span.attributes["flowrun.flow"] = program.id
        span.attributes["flowrun.step"] = step.name.value
        span.attributes["flowrun.step.kind"] = Self.kind(of: step.kind)
        if case .action(let name, _, _) = step.kind { span.attributes["flowrun.action"] = name }
        return span
    }

    /// The name of a step kind, as flow files spell it.
    static func kind(of kind: ProgramStep.Kind) -> String {
        switch kind {
        case .ask: return "ask"
        case .action: return "action"
        case .choose: return "choose"
        case .set: return "set"
        case .use: return "use"
        case .end: return "end"
        }
    }
}
