import FlowEngine
import FlowModel
import Foundation
import Testing

@Suite("the engine runs flows")
struct RunTests {
    let code = "82736451"
    let token = "eyJ.secret-access-token"

    func authority(codes: [ActionResult]) -> ScriptedAuthority {
        ScriptedAuthority([
            "signIn.start": [
                ActionResult(
                    outcome: "codeRequired", data: ["sentTo": .string("a***@example.com")],
                    continuation: AuthorityContinuation(["token": "ct-1"]))
            ],
            "signIn.submitCode": codes,
            "signIn.resendCode": [ActionResult(outcome: "codeRequired", data: ["sentTo": .string("a***@example.com")])],
        ])
    }

    var completed: ActionResult {
        ActionResult(
            outcome: "completed", data: ["username": .string("ada@example.com"), "accessToken": .string(token)],
            continuation: AuthorityContinuation(["token": "ct-2"]))
    }

    @Test("a flow runs to its success end with the outcome's data, passing the continuation along")
    func success() async throws {
        let log = EventLog()
        let authority = authority(codes: [completed])
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority,
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": [.string(code)]]), observer: log.record)
        guard case .ended(let result) = await runner.start() else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .success)
        #expect(result.message == "Welcome ada@example.com, token ••••")
        #expect(result.output == ["user": "ada@example.com", "token": .string(Masking.mask)])
        let calls = await authority.calls
        #expect(calls.map(\.action) == ["signIn.start", "signIn.submitCode"])
        #expect(calls[1].arguments == ["code": .string(code)])
        #expect(calls[1].continuation == AuthorityContinuation(["token": "ct-1"]))
        let steps = log.events.filter { $0.event == .stepEntered }.compactMap(\.step)
        #expect(steps == ["ask_email", "begin", "ask_code", "submit", "done"])
        let encoded = String(decoding: try JSONEncoder().encode(log.events), as: UTF8.self)
        #expect(!encoded.contains(code))
        #expect(!encoded.contains(token))
    }

    @Test("attempts: N lets the transition through N times; the (N+1)-th wrong code takes `exhausted`")
    func attemptsExhausted() async throws {
        let wrong = ActionResult(outcome: "invalidCode")
        let log = EventLog()
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1",
            authority: authority(codes: [wrong, wrong, wrong, wrong]),
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["1", "2", "3", "4"]]), observer: log.record)
        guard case .ended(let result) = await runner.start() else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .failure)
        #expect(result.reason == "too_many")
        #expect(log.events.filter { $0.event == .inputRequested && $0.step == "ask_code" }.count == 4)
        #expect(log.events.filter { $0.event == .attemptsExhausted }.count == 1)
        let messages = log.events.filter { $0.event == .message }.compactMap(\.message)
        #expect(messages.contains("Wrong code ••••"))
        #expect(!messages.contains { $0.contains("1") && $0.hasPrefix("Wrong") })
    }

    @Test("a choice takes its edge instead of answering")
    func choice() async throws {
        let authority = authority(codes: [completed])
        let log = EventLog()
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority,
            inputs: ScriptedInputs([
                "email": ["ada@example.com"], "code": [.object(["choose": "resend"]), .string(code)],
            ]),
            observer: log.record)
        guard case .ended(let result) = await runner.start() else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .success)
        #expect(await authority.calls.map(\.action) == ["signIn.start", "signIn.resendCode", "signIn.submitCode"])
        #expect(log.events.contains { $0.message == "New code sent to a***@example.com" })
    }

    @Test("an answer that fails the input's own check is asked again with the reason")
    func reask() async throws {
        let channel = InputChannel()
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority(codes: [completed]),
            inputs: channel)
        let driver = Task {
            var problems: [String?] = []
            for await request in channel.requests {
                problems.append(request.problem)
                switch (request.step, problems.count) {
                case ("ask_email", 1): await channel.respond(.values(["email": "not-an-email"]))
                case ("ask_email", _): await channel.respond(.values(["email": "ada@example.com"]))
                default: await channel.respond(.values(["code": .string(code)]))
                }
            }
            return problems
        }
        let outcome = await runner.start()
        await channel.finish()
        let problems = await driver.value
        guard case .ended(let result) = outcome else {
            Issue.record("expected an end")
            return
        }
        #expect(result.kind == .success)
        #expect(problems == [nil, "Enter a valid email address", nil])
    }

    @Test("a step asked again shows a refusal only right after it, and labels that read a variable show its new value")
    func askedAgain() async throws {
        let flow = """
            flowrun: 1
            id: asked-again
            authority: test
            inputs:
              email: { type: email, label: Email }
              name: { type: text, label: "Name for ${email}" }
            start: ask_email
            steps:
              ask_email: { ask: email, next: ask_name }
              ask_name: { ask: name, choices: { back: ask_email }, next: done }
              done: { end: success }
            """
        let channel = InputChannel()
        let runner = FlowRunner(
            program: try program([("flow.yaml", flow)]), digest: "d1", authority: authority(codes: []),
            inputs: channel)
        let answers: [InputAnswer] = [
            .values(["email": "not-an-email"]), .values(["email": "ada@example.com"]), .choice("back"),
            .values(["email": "bob@example.com"]), .values(["name": "Bob"]),
        ]
        let driver = Task {
            var asked: [String] = []
            var index = 0
            for await request in channel.requests {
                asked.append("\(request.step) \(request.fields[0].label) \(request.problem ?? "-")")
                await channel.respond(answers[index])
                index += 1
            }
            return asked
        }
        let outcome = await runner.start()
        await channel.finish()
        guard case .ended(let result) = outcome else {
            Issue.record("expected an end, got \(outcome)")
            return
        }
        #expect(result.kind == .success)
        #expect(
            await driver.value == [
                "ask_email Email -", "ask_email Email Enter a valid email address",
                "ask_name Name for ada@example.com -",
                "ask_email Email -", "ask_name Name for bob@example.com -",
            ])
    }

    @Test("cancel at an ask ends the run as cancelled")
    func cancel() async throws {
        let channel = InputChannel()
        await channel.respond(.cancel)
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority(codes: []),
            inputs: channel)
        guard case .cancelled = await runner.start() else {
            Issue.record("expected cancelled")
            return
        }
    }

    @Test("cancelling the task that runs the flow, while an ask waits for the app, ends the run as cancelled")
    func taskCancellationAtAnAsk() async throws {
        let channel = InputChannel()
        let runner = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority(codes: []),
            inputs: channel)
        let run = Task { await runner.start() }
        var requests = channel.requests.makeAsyncIterator()
        #expect(await requests.next()?.step == "ask_email", "the run waits at its first ask")
        run.cancel()
        // Before the fix this waited forever: the run's task was cancelled, the ask never answered.
        guard case .cancelled = await run.value else {
            Issue.record("expected cancelled")
            return
        }
    }

    @Test("a task cancelled before the ask does not wait for an answer")
    func cancelledBeforeTheAsk() async throws {
        let channel = InputChannel()
        let request = InputRequest(flowID: "f", step: "ask", fields: [])
        let answer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await channel.answer(request)
        }
        #expect(await answer.value == .cancel)
    }

    @Test("an outcome the catalog does not declare, or an unreachable authority, fails the run")
    func authorityFailures() async throws {
        let odd = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1",
            authority: authority(codes: [ActionResult(outcome: "surprise")]),
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["1"]]))
        guard case .failed(let error) = await odd.start() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("`surprise`"))
        let silent = FlowRunner(
            program: try program([("flow.yaml", signInFlow)]), digest: "d1", authority: authority(codes: []),
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["1"]]))
        guard case .failed(let unreachable) = await silent.start() else {
            Issue.record("expected a failure")
            return
        }
        #expect(unreachable.message.contains("could not reach the authority"))
    }
}
