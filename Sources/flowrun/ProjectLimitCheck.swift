import FlowModel
import FlowReview

extension FlowValidation {
    /// FR132 errors for the flows of `files` that compile whose worst case goes over `limits:` of flowrun.yaml,
    /// each reported once.
    func limitFindings(in files: [String], limits: [BoundMeasure: Int], besides diagnostics: [Diagnostic])
        -> [Diagnostic]
    {
        var found = Set(diagnostics)
        var added: [Diagnostic] = []
        let checker = ProjectLimits(limits)
        for file in files {
            guard let program = load(file: file).program else { continue }
            let bounds = FlowBounds(program: program, catalogs: compiler.catalogs)
            let start =
                program.steps.indices.contains(program.start) ? program.steps[program.start].name.position : .start
            for finding in checker.findings(bounds, startPosition: start) where found.insert(finding).inserted {
                added.append(finding)
            }
        }
        return added
    }
}
