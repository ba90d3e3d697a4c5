import FlowModel

/// What a reader made of one file: the tree when the text parsed within the limits, and the findings.
struct ParsedTree: Sendable {
    var root: TreeNode?
    var diagnostics: [Diagnostic]
}
