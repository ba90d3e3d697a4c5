/// Runs the scenarios of many files, `jobs` at a time; results come back in file and scenario order, and each
/// is also handed to `finished` as soon as it is known.
public enum ScenarioSuite {
    public static func run(
        _ files: [LoadedScenarios], jobs: Int, matching filter: String? = nil,
        finished: (@Sendable (ScenarioResult) -> Void)? = nil
    ) async -> [ScenarioResult] {
        let work = files.flatMap { file in
            file.file.scenarios.filter { filter == nil || $0.name.value.contains(filter ?? "") }.map { (file, $0) }
        }
        var results = [ScenarioResult?](repeating: nil, count: work.count)
        await withTaskGroup(of: (Int, ScenarioResult).self) { group in
            var next = 0
            func startNext() {
                guard next < work.count else { return }
                let index = next
                let (file, scenario) = work[index]
                group.addTask { (index, await ScenarioRunner(file).run(scenario)) }
                next += 1
            }
            for _ in 0..<max(1, jobs) { startNext() }
            for await (index, result) in group {
                results[index] = result
                finished?(result)
                startNext()
            }
        }
        return results.compactMap { $0 }
    }
}
