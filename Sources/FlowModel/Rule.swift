/// A stable diagnostic code such as `FR101`. Codes never change meaning once released.
public struct RuleCode: RawRepresentable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: RuleCode, rhs: RuleCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A rule of the loader or checker: its code, default severity, title and the hint printed with it.
public struct Rule: Sendable, Hashable {
    public var code: RuleCode
    public var severity: Severity
    public var title: String
    public var hint: String

    /// Every rule flowrun knows, by code.
    public static let catalog: [RuleCode: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// Every rule, in code order: FR0xx come from the loader, FR1xx from the checker, FR2xx from scenario files.
    public static let all: [Rule] = [
        Rule(.unreadableFile, .error, "file cannot be read", "check the path and its permissions"),
        Rule(.fileTooLarge, .error, "file is larger than the limit", "split the flow into sub-flows with `use`"),
        Rule(.invalidUTF8, .error, "file is not valid UTF-8", "save the file as UTF-8"),
        Rule(.emptyFile, .error, "file has no content", "a flow needs at least `flowrun`, `id`, `start` and `steps`"),
        Rule(.syntaxError, .error, "YAML or JSON syntax error", "fix the syntax at the position shown"),
        Rule(
            .nestingTooDeep, .error, "nesting is deeper than the limit",
            "flatten the document; flows need little nesting"),
        Rule(
            .documentTooLarge, .error, "too many nodes once aliases are expanded",
            "remove the alias chain; anchors may not multiply the document"),
        Rule(.duplicateKey, .error, "a key appears twice in one mapping", "remove or rename one of the two keys"),
        Rule(
            .unknownKey, .error, "key is not part of the flow format",
            "check the spelling against the language reference"),
        Rule(.wrongType, .error, "value has the wrong type", "see the language reference for the expected type"),
        Rule(.missingKey, .error, "a required key is missing", "add the key"),
        Rule(.invalidValue, .error, "value is not allowed here", "see the allowed values in the message"),
        Rule(.conflictingKeys, .error, "keys that exclude each other are both present", "keep exactly one of them"),
        Rule(.unsupportedVersion, .error, "unsupported format version", "write `flowrun: 1`"),
        Rule(.tooManySteps, .error, "more steps than the limit", "split the flow into sub-flows with `use`"),
        Rule(
            .pathEscapesRoot, .error, "sub-flow path leaves the root folder",
            "keep sub-flows inside the root: the folder of the flow being run, or `root:` in flowrun.yaml"),
        Rule(.subflowNotFound, .error, "sub-flow file cannot be read", "check the path; it is relative to this file"),
        Rule(.unsupportedExtension, .error, "not a flow file extension", "name flow files .yaml, .yml or .json"),
        Rule(
            .templateSyntax, .error, "malformed `${...}` interpolation", "write `${name}`; use `$$` for a literal `$`"),
        Rule(.invalidPattern, .error, "invalid regular expression", "fix the regular expression"),
        Rule(.multipleDocuments, .error, "more than one YAML document", "keep one flow per file"),
        Rule(.undefinedStep, .error, "target step does not exist", "define the step or fix the name"),
        Rule(.unreachableStep, .warning, "no path from `start` reaches this step", "remove the step or route to it"),
        Rule(.noWayToEnd, .error, "no end can be reached from this step", "give the loop an exit to an end"),
        Rule(.unknownAction, .error, "action is not in the catalog", "see the action catalog for the names"),
        Rule(
            .unhandledOutcome, .error, "an outcome the action can return is not handled",
            "handle it in `on:` or add `otherwise`"),
        Rule(
            .impossibleOutcome, .error, "the action can never return this outcome",
            "remove the entry; see the catalog's outcomes"),
        Rule(.unknownParameter, .error, "parameter is not one the action takes", "see the catalog's parameters"),
        Rule(.missingParameter, .error, "a required parameter is missing", "add it under `with:`"),
        Rule(.undeclaredInput, .error, "asked input is not declared", "declare it under `inputs:`"),
        Rule(.unusedDeclaration, .warning, "declared input or param is never used", "remove it or use it"),
        Rule(
            .maybeUnset, .error, "variable may be read before it is set",
            "set it on every path to this step, or read it only after"),
        Rule(.unknownVariable, .error, "no step ever sets this variable", "declare it or fix the name"),
        Rule(
            .unboundedLoop, .error, "a loop can repeat with no user input and no attempt limit",
            "add `attempts:` with `exhausted:` on an edge of the loop, or ask the user"),
        Rule(.subflowCycle, .error, "sub-flows use each other in a cycle", "break the cycle of `use`"),
        Rule(
            .unhandledSubflowEnd, .error, "an end the sub-flow can reach is not handled",
            "handle it in `on:` or add `otherwise`"),
        Rule(
            .impossibleSubflowEnd, .error, "the sub-flow can never reach this end",
            "remove the entry; see the sub-flow's ends"),
        Rule(
            .subflowParams, .error, "sub-flow params are missing or unknown",
            "pass exactly the sub-flow's `params` in `with:`"),
        Rule(.redundantOtherwise, .warning, "`otherwise` can never be taken", "every outcome is handled; remove it"),
        Rule(
            .unknownAuthority, .error, "no action catalog for this authority",
            "use `authority: native-auth`, or give the authority's "
                + "catalog with `--catalog FILE` (or `catalogs:` in flowrun.yaml)"
        ),
        Rule(.typeMismatch, .error, "value does not have the type expected here", "pass a value of the expected type"),
        Rule(.noSuccess, .warning, "no path reaches a success end", "route at least one path to `end: success`"),
        Rule(
            .secretLoopWithoutLimit, .error, "code or password loop without an attempt limit",
            "add `attempts:` with `exhausted:` to a transition of the loop, e.g. the one that leads back to the ask"),
        Rule(
            .resendWithoutLimit, .warning, "resend without an attempt limit",
            "add `attempts:` with `exhausted:` to the `resend` choice, so that a user cannot ask for codes forever"),
        Rule(
            .secretExposed, .error, "a secret is shown to the user or passed where no secret is expected",
            "never show a password or code; pass it only to a parameter the catalog (or sub-flow) marks `secret`"),
        Rule(
            .rawErrorText, .warning, "the authority's raw error text is shown to the user",
            "say what happened in the flow's own words; hand the error text to the end's `output` for logs"),
        Rule(
            .accountEnumeration, .warning, "user-not-found and wrong-password messages differ",
            "show the same message for `userNotFound` and "
                + "`invalidCredentials`, so that no one learns who has an account"
        ),
        Rule(
            .unusedAcknowledgement, .warning, "`allow` acknowledges a warning that is not reported there",
            "remove the entry: the warning it acknowledged is gone (or moved to another step)"),
        Rule(
            .brokenSubflow, .error, "a sub-flow this flow uses has errors",
            "fix the sub-flow: its errors are reported under its own file"),
        Rule(
            .tenantMakesFailureLikely, .warning, "the tenant makes an outcome likely that the flow treats as a failure",
            "handle the outcome (e.g. continue with MFA, ask for the "
                + "password or the attributes), or change the setting named"
        ),
        Rule(
            .endNotForTheseParams, .warning, "the sub-flow cannot reach this end with the params this `use` gives",
            "remove the handler: with these constant params the sub-flow's `choose` never leads to that end"),
        Rule(
            .controlCharacter, .error, "a text the user sees holds a control character",
            "remove the escape sequence or control character; keep only newlines and tabs"),
        Rule(
            .exceedsProjectLimit, .error, "one run of the flow can exceed a limit of flowrun.yaml",
            "lower the flow's `attempts:` (or add one to the loop named), or raise the limit in flowrun.yaml"),
        Rule(
            .machineCodeShown, .warning, "a text the user sees shows a machine code",
            "show the code's text for people, `${NAMEText}`, instead of `${NAME}`"),
        Rule(
            .translationUnreadable, .error, "a translation file cannot be read",
            "fix the .po file at the position shown, or name it for its language (`fr.po`)"),
        Rule(
            .translationMissing, .warning, "a text has no translation in a language the flows are translated to",
            "add the entry (msgctxt: the key, msgid: the text, msgstr: its translation) to the .po file"),
        Rule(
            .translationExtra, .warning, "a translation is for a text no flow has",
            "remove the entry, or rename its key after the step or input it belongs to"),
        Rule(
            .translationPlaceholders, .warning, "a translation reads other `${…}` variables than its text",
            "use exactly the text's `${…}` placeholders in the translation, in any order"),
        Rule(
            .translationStale, .warning, "a translation was made for an older version of its text",
            "translate the new text, then copy it into the entry's msgid"),
        Rule(
            .scenarioFlowInvalid, .error, "the flow under test does not load or check",
            "fix the flow first: `flowrun validate FLOW`"),
        Rule(
            .scenarioUnknownStep, .error, "an expected path names a step the flow does not have",
            "name steps as the flow does; sub-flow steps as `useStep/subStep`"),
        Rule(
            .scenarioImpossibleFault, .error, "a fault the run can never meet",
            "fault only actions the flow calls, with outcomes their catalog declares"),
        Rule(
            .scenarioUnknownInput, .error, "an answer for an input the flow does not declare",
            "answer only the inputs the flow declares"),
        Rule(
            .scenarioDuplicateName, .error, "two scenarios of a file share a name",
            "give every scenario of a file its own name"),
    ]

    init(_ code: RuleCode, _ severity: Severity, _ title: String, _ hint: String) {
        self.code = code
        self.severity = severity
        self.title = title
        self.hint = hint
    }
}

extension RuleCode {
    public static let unreadableFile = RuleCode(rawValue: "FR001")
    public static let fileTooLarge = RuleCode(rawValue: "FR002")
    public static let invalidUTF8 = RuleCode(rawValue: "FR003")
    public static let emptyFile = RuleCode(rawValue: "FR004")
    public static let syntaxError = RuleCode(rawValue: "FR005")
    public static let nestingTooDeep = RuleCode(rawValue: "FR006")
    public static let documentTooLarge = RuleCode(rawValue: "FR007")
    public static let duplicateKey = RuleCode(rawValue: "FR008")
    public static let unknownKey = RuleCode(rawValue: "FR009")
    public static let wrongType = RuleCode(rawValue: "FR010")
    public static let missingKey = RuleCode(rawValue: "FR011")
    public static let invalidValue = RuleCode(rawValue: "FR012")
    public static let conflictingKeys = RuleCode(rawValue: "FR013")
    public static let unsupportedVersion = RuleCode(rawValue: "FR014")
    public static let tooManySteps = RuleCode(rawValue: "FR015")
    public static let pathEscapesRoot = RuleCode(rawValue: "FR016")
    public static let subflowNotFound = RuleCode(rawValue: "FR017")
    public static let unsupportedExtension = RuleCode(rawValue: "FR018")
    public static let templateSyntax = RuleCode(rawValue: "FR019")
    public static let invalidPattern = RuleCode(rawValue: "FR020")
    public static let multipleDocuments = RuleCode(rawValue: "FR021")

    public static let undefinedStep = RuleCode(rawValue: "FR101")
    public static let unreachableStep = RuleCode(rawValue: "FR102")
    public static let noWayToEnd = RuleCode(rawValue: "FR103")
    public static let unknownAction = RuleCode(rawValue: "FR104")
    public static let unhandledOutcome = RuleCode(rawValue: "FR105")
    public static let impossibleOutcome = RuleCode(rawValue: "FR106")
    public static let unknownParameter = RuleCode(rawValue: "FR107")
    public static let missingParameter = RuleCode(rawValue: "FR108")
    public static let undeclaredInput = RuleCode(rawValue: "FR109")
    public static let unusedDeclaration = RuleCode(rawValue: "FR110")
    public static let maybeUnset = RuleCode(rawValue: "FR111")
    public static let unknownVariable = RuleCode(rawValue: "FR112")
    public static let unboundedLoop = RuleCode(rawValue: "FR113")
    public static let subflowCycle = RuleCode(rawValue: "FR114")
    public static let unhandledSubflowEnd = RuleCode(rawValue: "FR115")
    public static let impossibleSubflowEnd = RuleCode(rawValue: "FR116")
    public static let subflowParams = RuleCode(rawValue: "FR117")
    public static let redundantOtherwise = RuleCode(rawValue: "FR118")
    public static let unknownAuthority = RuleCode(rawValue: "FR119")
    public static let typeMismatch = RuleCode(rawValue: "FR120")
    public static let noSuccess = RuleCode(rawValue: "FR121")
    public static let secretLoopWithoutLimit = RuleCode(rawValue: "FR122")
    public static let resendWithoutLimit = RuleCode(rawValue: "FR123")
    public static let secretExposed = RuleCode(rawValue: "FR124")
    public static let rawErrorText = RuleCode(rawValue: "FR125")
    public static let accountEnumeration = RuleCode(rawValue: "FR126")
    public static let unusedAcknowledgement = RuleCode(rawValue: "FR127")
    public static let brokenSubflow = RuleCode(rawValue: "FR128")
    public static let tenantMakesFailureLikely = RuleCode(rawValue: "FR129")
    public static let endNotForTheseParams = RuleCode(rawValue: "FR130")
    public static let controlCharacter = RuleCode(rawValue: "FR131")
    public static let exceedsProjectLimit = RuleCode(rawValue: "FR132")
    public static let machineCodeShown = RuleCode(rawValue: "FR133")
    public static let translationUnreadable = RuleCode(rawValue: "FR134")
    public static let translationMissing = RuleCode(rawValue: "FR135")
    public static let translationExtra = RuleCode(rawValue: "FR136")
    public static let translationPlaceholders = RuleCode(rawValue: "FR137")
    public static let translationStale = RuleCode(rawValue: "FR138")

    public static let scenarioFlowInvalid = RuleCode(rawValue: "FR201")
    public static let scenarioUnknownStep = RuleCode(rawValue: "FR202")
    public static let scenarioImpossibleFault = RuleCode(rawValue: "FR203")
    public static let scenarioUnknownInput = RuleCode(rawValue: "FR204")
    public static let scenarioDuplicateName = RuleCode(rawValue: "FR205")
}
