import FlowEngine
import FlowModel
import Testing

@Suite("a program carries its catalog's facts, and a runner refuses an authority on another catalog")
struct ProgramCatalogTests {
    /// The test catalog with `sentTo` of `signIn.start`'s `codeRequired` marked secret.
    private static var otherCatalog: ActionCatalog {
        var catalog = testCatalog
        catalog.actions["signIn.start"]?.outcomes["codeRequired"]?.data["sentTo"]?.secret = true
        return catalog
    }

    @Test("the program records the checked catalog's digest and the outcome data of the actions it calls")
    func programRecordsCatalog() throws {
        let flow = try program([("flow.yaml", signInFlow)])
        #expect(flow.catalogDigest == testCatalog.digest)
        #expect(flow.actions.keys.sorted() == ["signIn.resendCode", "signIn.start", "signIn.submitCode"])
        #expect(flow.actions["signIn.submitCode"]?.isSecret("accessToken", of: "completed") == true)
        #expect(flow.actions["signIn.submitCode"]?.isSecret("username", of: "completed") == false)
        #expect(flow.actions["signIn.submitCode"]?.isSecret("undeclared", of: "completed") == true)
    }

    @Test("a catalog's digest follows what flows are checked against, not its prose")
    func digestFollowsContent() {
        var described = testCatalog
        described.title = "Another title"
        described.actions["signIn.start"]?.description = "Another description"
        #expect(described.digest == testCatalog.digest)
        #expect(Self.otherCatalog.digest != testCatalog.digest)
        var renamed = testCatalog
        renamed.authority = "other"
        #expect(renamed.digest != testCatalog.digest)
        let rebuilt = ActionCatalog(authority: testCatalog.authority, actions: testCatalog.actions)
        #expect(rebuilt.digest == testCatalog.digest)
    }

    @Test("a run and a resume refuse an authority whose catalog is not the program's, before any call")
    func refusesOtherCatalog() async throws {
        let flow = try program([("flow.yaml", signInFlow)])
        let authority = ScriptedAuthority(catalog: Self.otherCatalog, [:])
        let runner = FlowRunner(
            program: flow, digest: "d", authority: authority, inputs: ScriptedInputs(["email": ["a@b.c"]]))
        let expected = EngineError.Reason.catalogMismatch(
            checked: testCatalog.digest, authority: Self.otherCatalog.digest)
        guard case .failed(let error) = await runner.start() else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.reason == expected)
        #expect(error.message.contains("another catalog"))
        let session = Session(flowID: flow.id, flowDigest: "d", frames: [Session.Frame(file: "", step: flow.start)])
        guard case .failed(let resumed) = await runner.resume(session) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(resumed.reason == expected)
        #expect(await authority.calls.isEmpty)
    }

    @Test("a sub-flow checked against another catalog of the same authority is refused too")
    func refusesSubflowOnOtherCatalog() async throws {
        var flow = try program([("main.yaml", mainFlow), ("child.yaml", childFlow)])
        let key = try #require(flow.subflows.keys.first)
        flow.subflows[key]?.catalogDigest = Self.otherCatalog.digest
        let runner = FlowRunner(
            program: flow, digest: "d", authority: ScriptedAuthority([:]), inputs: ScriptedInputs([:]))
        guard case .failed(let error) = await runner.start() else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.reason == .catalogMismatch(checked: Self.otherCatalog.digest, authority: testCatalog.digest))
        #expect(error.message.contains("sub-flow `child`"))
    }

    @Test("masking and shown outcome data follow the program, whatever the authority's catalog object says")
    func maskingFollowsProgram() async throws {
        var flow = try program([("flow.yaml", signInFlow)])
        // The program, not the authority's catalog, now says `sentTo` is secret and `accessToken` is not.
        flow.actions["signIn.start"]?.outcomeData["codeRequired"]?["sentTo"]?.secret = true
        flow.actions["signIn.submitCode"]?.outcomeData["completed"]?["accessToken"]?.secret = false
        let log = EventLog()
        let runner = FlowRunner(
            program: flow, digest: "d",
            authority: ScriptedAuthority([
                "signIn.start": [ActionResult(outcome: "codeRequired", data: ["sentTo": "a***@example.com"])],
                "signIn.submitCode": [
                    ActionResult(outcome: "completed", data: ["username": "ada", "accessToken": "tok-1"])
                ],
            ]),
            inputs: ScriptedInputs(["email": ["ada@example.com"], "code": ["12345678"]]), observer: log.record)
        guard case .ended(let end) = await runner.start() else {
            Issue.record("expected an end")
            return
        }
        let outcomes = log.events.filter { $0.event == .outcome }
        #expect(outcomes.first?.data?["sentTo"] == .string(Masking.mask))
        #expect(outcomes.last?.data?["accessToken"] == "tok-1")
        #expect(outcomes.last?.data?["username"] == "ada")
        let hints = log.events.compactMap { $0.request?.hint }
        #expect(hints == ["Code sent to \(Masking.mask)"])
        #expect(end.output["token"] == "tok-1")
    }
}

private let mainFlow = """
    flowrun: 1
    id: main
    authority: test
    start: child
    steps:
      child: { use: ./child.yaml, on: { success: done } }
      done: { end: success }

    """

private let childFlow = """
    flowrun: 1
    id: child
    authority: test
    start: done
    steps:
      done: { end: success }

    """
