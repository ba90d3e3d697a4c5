import ArgumentParser
import NativeAuthTenant

extension TokenSigningAlgorithm {
    /// The algorithm named `text`, or a validation error that names the ones there are.
    static func parsed(_ text: String) throws -> TokenSigningAlgorithm {
        guard let algorithm = TokenSigningAlgorithm(rawValue: text.uppercased()) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--signing \(text): expected one of \(names)")
        }
        return algorithm
    }
}
