import FlowModel
import FlowReporting
import Testing

@Suite struct RuleExplanationTests {
    @Test("the explanations name exactly the rules of the rule table, in its order")
    func explanationsCoverTheRuleTable() {
        #expect(RuleExplanation.all.map(\.code) == Rule.all.map(\.code))
    }

    @Test("a code is found case-insensitively; an unknown one is not")
    func lookUp() {
        #expect(RuleExplanation.named("fr101")?.rule?.title == Rule.catalog[.undefinedStep]?.title)
        #expect(RuleExplanation.named("FR999") == nil)
    }

    @Test("the Markdown page has one section per code, and its table links each")
    func markdownSections() {
        let page = ExplanationReport.markdown()
        for rule in Rule.all {
            #expect(page.contains("\n## \(rule.code)\n"))
            #expect(
                page.contains("| [\(rule.code)](#\(rule.code.rawValue.lowercased())) | \(rule.severity.rawValue) |"))
        }
    }
}
