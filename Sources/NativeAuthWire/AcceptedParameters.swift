extension NativeAuthEndpoint {
    /// The form parameters this endpoint reads (docs/native-auth.md). `capability` is accepted wherever
    /// `capabilities` is (the documentation's spelling). The same lists are the `properties` of each request body
    /// in `schemas/native-auth.openapi.yaml`. Any other parameter is ignored (RFC 6749 §3.2), or refused by the
    /// HTTP server's `strictParameters` mode unless it is one of ``sdkParameters``.
    public var acceptedParameters: Set<String> {
        Self.acceptedByEndpoint[self] ?? []
    }

    /// ``acceptedParameters`` of every endpoint, built once: the server looks them up for each request.
    private static let acceptedByEndpoint = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.listedParameters) })

    private var listedParameters: Set<String> {
        let capabilities: Set<String> = ["capabilities", "capability"]
        switch self {
        case .signUpStart:
            return Set(["client_id", "username", "challenge_type", "password", "attributes"]).union(capabilities)
        case .signUpChallenge, .resetPasswordChallenge:
            return ["client_id", "continuation_token", "challenge_type"]
        case .signUpContinue:
            return ["client_id", "continuation_token", "grant_type", "oob", "password", "attributes"]
        case .signInInitiate, .resetPasswordStart:
            return Set(["client_id", "username", "challenge_type"]).union(capabilities)
        case .signInChallenge:
            return ["client_id", "continuation_token", "challenge_type", "id"]
        case .signInIntrospect, .registerIntrospect, .resetPasswordPollCompletion:
            return ["client_id", "continuation_token"]
        case .token:
            return [
                "client_id", "grant_type", "scope", "client_info", "claims", "continuation_token", "username",
                "password", "challenge_type", "oob", "refresh_token", "code", "redirect_uri", "code_verifier",
            ]
        case .registerChallenge:
            return ["client_id", "continuation_token", "challenge_type", "challenge_target", "challenge_channel"]
        case .registerContinue, .resetPasswordContinue:
            return ["client_id", "continuation_token", "grant_type", "oob"]
        case .resetPasswordSubmit:
            return ["client_id", "continuation_token", "new_password"]
        }
    }

    /// Fields the Microsoft SDKs send in the form body besides the protocol's parameters, lowercased: library
    /// and telemetry fields (msal-common's ordinary refresh sends them on every silent refresh), the redirect
    /// URI and enrollment id of MSAL iOS's refresh, the anchor mailbox of MSAL.js, Android's app fields. They
    /// mean nothing to the emulator and are ignored on every endpoint, even with strict parameters.
    public static let sdkParameters: Set<String> = [
        "x-client-sku", "x-client-ver", "x-client-os", "x-client-cpu", "x-client-dm", "x-client-current-telemetry",
        "x-client-last-telemetry", "x-ms-lib-capability", "x-anchormailbox", "x-app-name", "x-app-ver",
        "client-request-id", "redirect_uri", "microsoft_enrollment_id", "claims", "client_info",
    ]
}
