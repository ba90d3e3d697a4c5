import FlowModel
import FlowReview
import Testing

@Suite("What a change does to users")
struct FlowDiffTests {
    func diff(_ old: String, _ new: String) throws -> FlowDiff {
        FlowDiff(old: try ReviewFlows.program(old), new: try ReviewFlows.program(new), file: "flow.yaml")
    }

    @Test("the same flow with its steps reordered and written in flow style has no change")
    func sameFlowNoChange() throws {
        let reordered = ReviewFlows.codeSignIn.replacing(
            "  done:\n    end: success\n    message: Signed in.\n", with: ""
        )
        .replacing("  ask_email:\n", with: "  done: { end: success, message: Signed in. }\n  ask_email:\n")
        #expect(try diff(ReviewFlows.codeSignIn, reordered).changes == [])
    }

    @Test("a dropped outcome handler is reported as now falling to `otherwise`")
    func droppedHandler() throws {
        let new = ReviewFlows.codeSignIn.replacing(
            "      userNotFound: { fail: no_account, message: Could not sign in. }\n", with: "")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        let dropped = changes.first { $0.kind == .outcomeNoLongerHandled }
        #expect(dropped?.step == "start_sign_in")
        #expect(dropped?.detail.contains("`userNotFound` now falls to `otherwise` → fail: not_signed_in") == true)
        #expect(changes.contains { $0.kind == .endUnreachable && $0.detail.contains("fail: no_account") })
        #expect(changes.allSatisfy { !$0.strandsSessions })
    }

    @Test("a raised limit and a rewritten message are reported with both values")
    func limitAndMessage() throws {
        let new = ReviewFlows.codeSignIn.replacing(
            "attempts: 2, exhausted: { fail: too_many_resends }",
            with: "attempts: 5, exhausted: { fail: too_many_resends }"
        )
        .replacing("message: Wrong code.", with: "message: That code is wrong.")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        #expect(
            changes.contains {
                $0.kind == .attemptsChanged && $0.step == "ask_code"
                    && $0.detail == "`choice resend`: raised from 2 to 5 attempts"
            })
        #expect(
            changes.contains {
                $0.kind == .messageChanged && $0.detail.contains("\"That code is wrong.\" (was \"Wrong code.\")")
            })
    }

    @Test("with the catalogs, a raised limit also shows the worst case it raises")
    func worstCaseChanged() throws {
        let old = try ReviewFlows.program(ReviewFlows.codeSignIn)
        let new = try ReviewFlows.program(
            ReviewFlows.codeSignIn.replacing(
                "attempts: 2, exhausted: { fail: too_many_resends }",
                with: "attempts: 5, exhausted: { fail: too_many_resends }"))
        let changes = FlowDiff(old: old, new: new, file: "flow.yaml", catalogs: ReviewFlows.catalogs).changes
        #expect(changes.contains(FlowChange(.worstCaseChanged, step: nil, "codes sent in one run: 6 (was 3)")))
        #expect(!changes.contains { $0.detail.hasPrefix("code attempts") })
    }

    @Test("a new route to success that skips the code is said: the step every run to success passed")
    func successWithoutCode() throws {
        let new = ReviewFlows.codeSignIn.replacing(
            "      userNotFound: { fail: no_account, message: Could not sign in. }\n",
            with: "      userNotFound: done\n")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        #expect(
            changes.contains(
                FlowChange(
                    .stepNoLongerRequired, step: "submit_code",
                    "`end: success` can now be reached without passing `submit_code`, which every run to it "
                        + "passed before")))
        #expect(changes.contains { $0.kind == .newWayToEnd && $0.detail.contains("`start_sign_in` on `userNotFound`") })
    }

    @Test("a renamed ask strands saved sessions and comes first")
    func renamedAsk() throws {
        let new = ReviewFlows.codeSignIn.replacing("ask_code", with: "enter_code")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        #expect(changes.first?.kind == .askRemoved)
        #expect(changes.first?.step == "ask_code")
        #expect(changes.first?.strandsSessions == true)
        #expect(changes.contains { $0.kind == .askAdded && $0.step == "enter_code" && !$0.strandsSessions })
    }

    @Test("an ask that collects other inputs strands saved sessions")
    func askInputsChanged() throws {
        let new = ReviewFlows.codeSignIn.replacing("    ask: [code]\n", with: "    ask: [code, email]\n")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        #expect(
            changes == [
                FlowChange(
                    .askInputsChanged, step: "ask_code",
                    "now asks `email`: sessions waiting in this ask cannot resume", strandsSessions: true)
            ])
    }

    @Test("an added ask is new, and the ways to the ends it leads to are listed")
    func addedAsk() throws {
        let new = ReviewFlows.codeSignIn.replacing("    next: start_sign_in\n", with: "    next: confirm\n")
            .replacing(
                "  start_sign_in:\n", with: "  confirm:\n    ask: [email]\n    next: start_sign_in\n  start_sign_in:\n")
        let changes = try diff(ReviewFlows.codeSignIn, new).changes
        #expect(changes.contains { $0.kind == .askAdded && $0.step == "confirm" && !$0.strandsSessions })
        #expect(
            changes.contains {
                $0.kind == .routeChanged && $0.step == "ask_email"
                    && $0.detail == "`next` → `confirm` (was → `start_sign_in`)"
            })
        #expect(changes.allSatisfy { !$0.strandsSessions })
    }

    @Test("Markdown keeps a rewritten message in its table cell: no HTML, no line break, `|` escaped")
    func markdownEscapesFlowTexts() throws {
        let new = ReviewFlows.codeSignIn.replacing("message: Wrong code.", with: "message: \"<img src=x> a|b\"")
        let report = DiffReport.markdown([try diff(ReviewFlows.codeSignIn, new)])
        #expect(report.contains("\"&lt;img src=x&gt; a\\|b\" (was \"Wrong code.\") |\n"), "\(report)")
        #expect(!report.contains("<img"))
    }

    @Test("a flow added or removed")
    func flowAddedOrRemoved() throws {
        let program = try ReviewFlows.program(ReviewFlows.codeSignIn)
        #expect(FlowDiff(old: nil, new: program, file: "a.yaml").changes.map(\.kind) == [.flowAdded])
        let removed = FlowDiff(old: program, new: nil, file: "a.yaml").changes
        #expect(removed.map(\.kind) == [.flowRemoved])
        #expect(removed.first?.strandsSessions == true)
    }
}
