import FlowModel

extension RuleExplanation {
    /// The explanation of every rule, in code order: what it means, an example that breaks it and the same
    /// example fixed. A test validates every example file: the broken one reports the code, the fixed one
    /// nothing.
    public static let all: [RuleExplanation] = [
        RuleExplanation(
            .unreadableFile,
            meaning:
                "The file cannot be read: it does not exist, is a folder "
                + "where a file is needed, or its permissions forbid reading it.",
            broken: .situation(
                "`flowrun validate sign-in.yaml` where `sign-in.yaml` does not exist (or is not readable)."),
            fixed: .situation("Give the path of a readable file; a folder is searched for flow files.")),
        RuleExplanation(
            .fileTooLarge,
            meaning:
                "The file is larger than the loader's limit (4 MiB); only the "
                + "limit plus one byte is ever read, so a huge file costs nothing.",
            broken: .situation("A generated flow file of 100 MB."),
            fixed: .situation("Split the flow into sub-flows (`use:`), each well under the limit.")),
        RuleExplanation(
            .invalidUTF8,
            meaning: "The file is not valid UTF-8; the position is that of the first bad byte.",
            broken: .situation("A flow saved as Latin-1, where `é` is the single byte `0xE9`."),
            fixed: .situation("Save the file as UTF-8.")),
        RuleExplanation(
            .emptyFile,
            meaning: "The file is empty, or holds only whitespace and comments.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    #"""
                    # the sign-in flow, to be written
                    """#)
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .syntaxError,
            meaning:
                "YAML or JSON syntax error: the file cannot be parsed. JSON "
                + "is read strictly (RFC 8259): no trailing commas, no comments.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    ask: [email]\n", "    ask: [email\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .nestingTooDeep,
            meaning:
                "Nesting is deeper than the limit (64). A linear pre-scan checks it "
                + "before the parser runs, so a hostile file cannot overflow a stack.",
            broken: .situation("A file of 10,000 nested `[`."),
            fixed: .situation("Flatten the document; a flow needs a handful of levels.")),
        RuleExplanation(
            .documentTooLarge,
            meaning:
                "The document has more nodes than the limit (200,000) once aliases are counted; "
                + "aliases are never expanded, so a \"billion laughs\" file costs what is written.",
            broken: .situation("A chain of anchors and aliases, each alias repeating the previous one ten times."),
            fixed: .situation("Write the values out, or use each anchor once or twice.")),
        RuleExplanation(
            .duplicateKey,
            meaning: "A key appears twice in one mapping; the second occurrence is reported.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        (
                            "    message: \"Hello ${email}\"\n",
                            "    message: \"Hello ${email}\"\n  done:\n    end: failure\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .unknownKey,
            meaning: "A key that is not part of the flow format; the message suggests the closest key.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "    nxt: done\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .wrongType,
            meaning: "A value of the wrong type: a string where a list is expected, a word where a number is expected.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    ask: [email]\n", "    ask: { email: true }\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .missingKey,
            meaning:
                "A required key is missing: a flow without `start`, "
                + "an `ask` step without `next`, an input without `type`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .invalidValue,
            meaning:
                "A value that is not allowed here: an unknown input type, "
                + "`attempts: 0`, a step name that is not an identifier.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("  email: { type: email, label: Email }\n", "  email: { type: phone, label: Email }\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .conflictingKeys,
            meaning:
                "Keys that exclude each other are both present: a step "
                + "with both `ask` and `end`; `attempts` without `exhausted`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "    next: done\n    end: success\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .unsupportedVersion,
            meaning: "The `flowrun:` version is one this build does not read.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("flowrun: 1\n", "flowrun: 2\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .tooManySteps,
            meaning: "The flow has more steps than the limit (10,000).",
            broken: .situation("A generated flow of 100,000 steps."),
            fixed: .situation("Split it into sub-flows with `use:`.")),
        RuleExplanation(
            .pathEscapesRoot,
            meaning:
                "A `use:` path leaves the root folder: the folder of the flow being run, or "
                + "`root:` of `flowrun.yaml`. Sub-flow paths are relative and stay inside it.",
            broken: .files([
                ExampleFile("flows/parent.yaml", ExampleText.pathEscapesRoot),
                ExampleFile("child.yaml", ExampleText.child),
            ]),
            fixed: .files([
                ExampleFile(
                    "flows/parent.yaml",
                    ExampleText.pathEscapesRoot.edited([
                        ("    use: ../child.yaml\n", "    use: ./child.yaml\n")
                    ])),
                ExampleFile("flows/child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .subflowNotFound,
            meaning: "A `use:` names a file that cannot be read; the path is relative to the file that uses it.",
            broken: .files([
                ExampleFile(
                    "parent.yaml",
                    ExampleText.pathEscapesRoot.edited([
                        ("    use: ../child.yaml\n", "    use: ./chld.yaml\n")
                    ])),
                ExampleFile("child.yaml", ExampleText.child),
            ]),
            fixed: .files([
                ExampleFile(
                    "parent.yaml",
                    ExampleText.pathEscapesRoot.edited([
                        ("    use: ../child.yaml\n", "    use: ./child.yaml\n")
                    ])),
                ExampleFile("child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .unsupportedExtension,
            meaning: "The file's name does not end in a flow extension (`.yaml`, `.yml` or `.json`).",
            broken: .files([
                ExampleFile("flow.txt", ExampleText.greet)
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .templateSyntax,
            meaning:
                "A malformed `${...}` interpolation: unclosed, empty, or not a variable name. `$$` is a literal `$`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    message: \"Hello ${email}\"\n", "    message: \"Hello ${email\"\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .invalidPattern,
            meaning: "An input's `pattern` is not a valid regular expression.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        (
                            "  email: { type: email, label: Email }\n",
                            "  email: { type: email, label: Email, pattern: \"[a-\" }\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        (
                            "  email: { type: email, label: Email }\n",
                            "  email: { type: email, label: Email, pattern: \"@contoso\\\\.com$\" }\n"
                        )
                    ]))
            ])),
        RuleExplanation(
            .multipleDocuments,
            meaning: "The file holds more than one YAML document (`---` between them).",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    #"""
                    flowrun: 1
                    id: greet
                    inputs:
                      email: { type: email, label: Email }
                    start: ask_email
                    steps:
                      ask_email:
                        ask: [email]
                        next: done
                      done:
                        end: success
                        message: "Hello ${email}"
                    ---
                    flowrun: 1
                    id: greet
                    inputs:
                      email: { type: email, label: Email }
                    start: ask_email
                    steps:
                      ask_email:
                        ask: [email]
                        next: done
                      done:
                        end: success
                        message: "Hello ${email}"
                    """#)
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .undefinedStep,
            meaning:
                "A transition, `start` or `exhausted` names a step that "
                + "does not exist; the message suggests the closest name.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "    next: dne\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .unreachableStep,
            meaning: "No path from `start` reaches the step, so it never runs.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        (
                            "    message: \"Hello ${email}\"\n",
                            "    message: \"Hello ${email}\"\n  bye:\n    end: failure\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .noWayToEnd,
            meaning: "No end can be reached from the step: every path from it loops forever.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.noWayToEnd)
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.noWayToEnd.edited([
                        ("    next: ask_email\n", "    next: done\n  done:\n    end: success\n")
                    ]))
            ])),
        RuleExplanation(
            .unknownAction,
            meaning:
                "The action is not in the authority's catalog; the message "
                + "suggests the closest action (`flowrun catalog` lists them).",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signOut.edited([
                        ("    action: account.signOut\n", "    action: account.signOff\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .unhandledOutcome,
            meaning:
                "An outcome the action can answer is not handled, and there "
                + "is no `otherwise`. The message names every missing outcome.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signOut.edited([
                        ("      noAccount: { fail: no_account, message: Nobody is signed in. }\n", "")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .impossibleOutcome,
            meaning: "`on:` handles an outcome the action can never answer (see the action in `flowrun catalog`).",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.redundantOtherwise.edited([
                        ("      otherwise: { fail: unexpected }\n", "      expired: { fail: expired }\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .unknownParameter,
            meaning: "`with:` passes a parameter the action does not take.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signOut.edited([
                        (
                            "    action: account.signOut\n",
                            "    action: account.signOut\n    with: { username: ada@contoso.com }\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .missingParameter,
            meaning: "A required parameter of the action is missing from `with:`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signIn.edited([
                        ("    with: { username: \"${email}\" }\n", "")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signIn)
            ])),
        RuleExplanation(
            .undeclaredInput,
            meaning: "`ask:` names an input that is not declared under `inputs:` (nor a param).",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    ask: [email]\n", "    ask: [mail]\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .unusedDeclaration,
            meaning: "An input no `ask` asks, or a param nothing reads.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.unusedDeclaration)
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .maybeUnset,
            meaning:
                "A variable may be read before it is set: some path "
                + "reaches the read without passing a step that sets it.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.maybeUnset)
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.maybeUnset.edited([
                        ("    otherwise: done\n", "    otherwise: stranger\n"),
                        (
                            "    message: \"${greeting}, ${email}\"\n",
                            "    message: \"${greeting}, ${email}\"\n  stranger:\n    set: { greeting: \"Welcome\" }\n"
                                + "    next: done\n"
                        ),
                    ]))
            ])),
        RuleExplanation(
            .unknownVariable,
            meaning:
                "A template reads a variable that no step, input, param or "
                + "outcome ever sets; the message suggests the closest name.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    message: \"Hello ${email}\"\n", "    message: \"Hello ${emial}\"\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .unboundedLoop,
            meaning:
                "A loop can repeat with no user input and no attempt limit, so a "
                + "run could spin forever (e.g. retrying an action on its own error).",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.unboundedLoop)
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.unboundedLoop.edited([
                        (
                            "      unexpected: sign_out\n",
                            "      unexpected: { goto: sign_out, attempts: 2, exhausted: { fail: unexpected } }\n"
                        )
                    ]))
            ])),
        RuleExplanation(
            .subflowCycle,
            meaning: "Sub-flows use each other in a cycle, directly or through others.",
            broken: .files([
                ExampleFile(
                    "a.yaml",
                    #"""
                    flowrun: 1
                    id: a
                    start: go
                    steps:
                      go:
                        use: ./b.yaml
                        on: { success: { end: success } }
                    """#),
                ExampleFile(
                    "b.yaml",
                    #"""
                    flowrun: 1
                    id: b
                    start: go
                    steps:
                      go:
                        use: ./a.yaml
                        on: { success: { end: success } }
                    """#),
            ]),
            fixed: .files([
                ExampleFile(
                    "a.yaml",
                    #"""
                    flowrun: 1
                    id: a
                    start: go
                    steps:
                      go:
                        use: ./b.yaml
                        on: { success: { end: success } }
                    """#),
                ExampleFile(
                    "b.yaml",
                    #"""
                    flowrun: 1
                    id: b
                    start: done
                    steps:
                      done:
                        end: success
                    """#),
            ])),
        RuleExplanation(
            .unhandledSubflowEnd,
            meaning: "An end the sub-flow can reach is not handled in `on:` of the `use`, and there is no `otherwise`.",
            broken: .files([
                ExampleFile(
                    "parent.yaml",
                    ExampleText.parent.edited([
                        (
                            "    on: { success: { end: success }, failure: { fail: not_allowed } }\n",
                            "    on: { success: { end: success } }\n"
                        )
                    ])),
                ExampleFile("child.yaml", ExampleText.child),
            ]),
            fixed: .files([
                ExampleFile("parent.yaml", ExampleText.parent),
                ExampleFile("child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .impossibleSubflowEnd,
            meaning: "`on:` of a `use` handles an end the sub-flow can never reach.",
            broken: .files([
                ExampleFile(
                    "parent.yaml",
                    #"""
                    flowrun: 1
                    id: parent
                    inputs:
                      email: { type: email, label: Email }
                    start: ask_email
                    steps:
                      ask_email:
                        ask: [email]
                        next: check
                      check:
                        use: ./child.yaml
                        with: { email: "${email}" }
                        on: { success: { end: success }, failure: { fail: not_allowed }, \#
                    browser_required: { end: browser_required } }
                    """#),
                ExampleFile("child.yaml", ExampleText.child),
            ]),
            fixed: .files([
                ExampleFile("parent.yaml", ExampleText.parent),
                ExampleFile("child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .subflowParams,
            meaning: "The `use` does not pass exactly the sub-flow's params: one is missing, or one is unknown.",
            broken: .files([
                ExampleFile(
                    "parent.yaml",
                    ExampleText.parent.edited([
                        ("    with: { email: \"${email}\" }\n", "    with: {}\n")
                    ])),
                ExampleFile("child.yaml", ExampleText.child),
            ]),
            fixed: .files([
                ExampleFile("parent.yaml", ExampleText.parent),
                ExampleFile("child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .redundantOtherwise,
            meaning: "`otherwise` can never be taken: every outcome (or sub-flow end) is already handled.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.redundantOtherwise)
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .unknownAuthority,
            meaning:
                "There is no action catalog for the flow's `authority`. Give another "
                + "authority's catalog with `--catalog FILE` or `catalogs:` in `flowrun.yaml`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signOut.edited([
                        ("authority: native-auth\n", "authority: okta\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signOut)
            ])),
        RuleExplanation(
            .typeMismatch,
            meaning:
                "A value does not have the type expected where it goes: an "
                + "action parameter, a sub-flow param, an attributes source.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signIn.edited([
                        ("    with: { username: \"${email}\" }\n", "    with: { username: 42 }\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.signIn)
            ])),
        RuleExplanation(
            .noSuccess,
            meaning: "No path reaches a `success` end.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    end: success\n", "    end: failure\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .secretLoopWithoutLimit,
            meaning:
                "An `ask` of a secret input (a `password` or `code`, or one marked `secret`) "
                + "can be reached again on a loop with no `attempts:` limit, so a script could "
                + "guess without end. Reported at each transition that leads back to the ask; "
                + "when a resend leads back to it, once at the resend (not as FR123 too).",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.passwordSignIn)
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.passwordSignIn.edited([
                        (
                            "      invalidCredentials: { goto: ask_credentials, message: Wrong email or password. }\n",
                            "      invalidCredentials: { goto: ask_credentials, message: Wrong email or password., "
                                + "attempts: 2, exhausted: { fail: too_many_attempts } }\n"
                        )
                    ]))
            ])),
        RuleExplanation(
            .resendWithoutLimit,
            meaning:
                "A resend (an action such as `signIn.resendCode`, or a `resend` choice) is on "
                + "a loop with no `attempts:` limit. A warning, not an error: a resend reveals "
                + "nothing and the authority throttles resends itself, but without a limit a user "
                + "or a script can send codes forever, which costs money and floods the mailbox. "
                + "When the loop also asks a secret input again (a code kept secret), the resend is "
                + "reported once, as FR122, an error.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.codeSignIn.edited([(Self.secretCode, Self.codeNotSecret)]))
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.codeSignIn.edited([
                        (Self.secretCode, Self.codeNotSecret),
                        (
                            "      resend: resend_code\n",
                            "      resend: { goto: resend_code, attempts: 3, exhausted: { fail: too_many_resends } }\n"
                        ),
                    ]))
            ])),
        RuleExplanation(
            .secretExposed,
            meaning:
                "A secret (a secret input or param, a token an outcome returns, or a "
                + "variable built from one) is shown to the user in a message, hint or "
                + "label, or passed to a parameter or sub-flow param not marked `secret`.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.codeSignIn.edited([
                        (
                            "      resend: resend_code\n",
                            "      resend: { goto: resend_code, attempts: 3, exhausted: { fail: too_many_resends } }\n"
                        ),
                        (
                            "      invalidCode: { goto: ask_code, attempts: 2, "
                                + "exhausted: { fail: too_many_attempts } }\n",
                            "      invalidCode: { goto: ask_code, message: \"Wrong code ${code}\", "
                                + "attempts: 2, exhausted: { fail: too_many_attempts } }\n"
                        ),
                    ]))
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.codeSignIn.edited([
                        (
                            "      resend: resend_code\n",
                            "      resend: { goto: resend_code, attempts: 3, exhausted: { fail: too_many_resends } }\n"
                        ),
                        (
                            "      invalidCode: { goto: ask_code, attempts: 2, "
                                + "exhausted: { fail: too_many_attempts } }\n",
                            "      invalidCode: { goto: ask_code, message: \"Wrong code, "
                                + "try again\", attempts: 2, exhausted: { fail: too_many_attempts } }\n"
                        ),
                    ]))
            ])),
        RuleExplanation(
            .rawErrorText,
            meaning:
                "A text shown to the user interpolates the authority's raw error text (`error` or "
                + "`errorDescription` of an error outcome, or a variable built from them). Say what "
                + "happened in the flow's own words, and hand the error text to the end's `output` for logs.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signOut.edited([
                        (
                            "      unexpected: { fail: unexpected, message: Could not sign out. }\n",
                            "      unexpected: { fail: unexpected, "
                                + "message: \"Could not sign out: ${errorDescription}\" }\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    #"""
                    flowrun: 1
                    id: example
                    authority: native-auth
                    start: sign_out
                    steps:
                      sign_out:
                        action: account.signOut
                        on:
                          completed: { end: success, message: Signed out. }
                          noAccount: { fail: no_account, message: Nobody is signed in. }
                          unexpected: { fail: unexpected, message: Could not sign out., \#
                    output: { error: "${errorDescription}" } }
                    """#)
            ])),
        RuleExplanation(
            .accountEnumeration,
            meaning:
                "One action step can answer both `userNotFound` and `invalidCredentials` (the authority treated the "
                + "two alike in one call), and the flow tells them apart to the user, so anyone could learn which "
                + "email addresses have an account. What the user sees next is compared: each handler's message and "
                + "the message of the step it enters, and the step that asks next with its fields (an unknown email "
                + "sent back to the email and password, a wrong password to a step asking the password alone, is a "
                + "difference too); `otherwise` is not counted, nor are handlers on different steps (an email-first "
                + "sign-in, where `userNotFound` comes before any password).",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.passwordSignIn.edited([
                        (
                            "      invalidCredentials: { goto: ask_credentials, message: Wrong email or password. }\n",
                            "      invalidCredentials: { goto: ask_credentials, message: Wrong password., "
                                + "attempts: 2, exhausted: { fail: too_many_attempts } }\n"
                                + "      userNotFound: { goto: ask_credentials, message: \"No account uses "
                                + "${email}.\", attempts: 2, exhausted: { fail: too_many_attempts } }\n"
                        )
                    ]))
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.tenantMakesFailureLikely.edited([
                        (
                            "      mfaRequired: { fail: mfa_required, "
                                + "message: This account needs a second step this flow does not offer. }\n",
                            ""
                        )
                    ]))
            ])),
        RuleExplanation(
            .unusedAcknowledgement,
            meaning:
                "An `allow:` entry acknowledges a rule whose warning is not reported in "
                + "its step: the warning was fixed, or moved. Reported only when the flow "
                + "has no error, so that a stale acknowledgement cannot hide a later warning.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "    next: done\n    allow: { FR126: \"email-first sign-in\" }\n")
                    ]))
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet)
            ])),
        RuleExplanation(
            .brokenSubflow,
            meaning:
                "A sub-flow this flow uses has errors (reported under the sub-flow's "
                + "own file), so this flow cannot run either; reported at the `use:`.",
            broken: .files([
                ExampleFile("parent.yaml", ExampleText.parent),
                ExampleFile(
                    "child.yaml",
                    ExampleText.child.edited([
                        (
                            "    otherwise: { fail: not_contoso }\n",
                            "    otherwise: { fail: not_contoso }\n    nxt: done\n"
                        )
                    ])),
            ]),
            fixed: .files([
                ExampleFile("parent.yaml", ExampleText.parent),
                ExampleFile("child.yaml", ExampleText.child),
            ])),
        RuleExplanation(
            .tenantMakesFailureLikely,
            meaning:
                "With `validate --config authority.yaml` (and `--capabilities`): a setting of that "
                + "tenant (`mfa.required`, `registration.required`, `signUp.method: emailPassword`, "
                + "`signUp.requiredAttributes`, or a capability the client does not declare) makes an "
                + "outcome likely that the flow routes to a failure end. The message names the setting.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.tenantMakesFailureLikely),
                ExampleFile(
                    "authority.yaml",
                    #"""
                    mfa: { required: true }
                    """#),
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    #"""
                    flowrun: 1
                    id: example
                    authority: native-auth
                    inputs:
                      email: { type: email, label: Email }
                      password: { type: password, label: Password }
                      code: { type: code, label: Code }
                    start: ask_credentials
                    steps:
                      ask_credentials:
                        ask: [email, password]
                        next: sign_in
                      sign_in:
                        action: signIn.start
                        with: { username: "${email}", password: "${password}" }
                        on:
                          completed: { end: success, message: "Signed in as ${email}" }
                          mfaRequired: send_second_factor
                          invalidCredentials: { goto: ask_credentials, message: Wrong email or password., \#
                    attempts: 2, exhausted: { fail: too_many_attempts } }
                          userNotFound: { goto: ask_credentials, message: Wrong email or password., attempts: 2, \#
                    exhausted: { fail: too_many_attempts } }
                          otherwise: { fail: not_signed_in, message: Could not sign in. }
                      send_second_factor:
                        action: mfa.requestChallenge
                        on:
                          codeRequired: ask_code
                          otherwise: { fail: not_sent, message: Could not send a code. }
                      ask_code:
                        ask: [code]
                        next: submit_code
                      submit_code:
                        action: mfa.submitCode
                        with: { code: "${code}" }
                        on:
                          completed: { end: success, message: "Signed in as ${email}" }
                          invalidCode: { goto: ask_code, attempts: 2, exhausted: { fail: too_many_attempts } }
                          otherwise: { fail: not_signed_in, message: Could not sign in. }
                    """#),
                ExampleFile(
                    "authority.yaml",
                    #"""
                    mfa: { required: true }
                    """#),
                ExampleFile(
                    "flowrun.yaml",
                    #"""
                    capabilities: [mfa_required]
                    """#),
            ])),
        RuleExplanation(
            .endNotForTheseParams,
            meaning:
                "`on:` of a `use` handles an end the sub-flow cannot reach with the "
                + "constant params this `use` gives, so the handler is never taken.",
            broken: .files([
                ExampleFile(
                    "parent.yaml",
                    #"""
                    flowrun: 1
                    id: parent
                    start: check
                    steps:
                      check:
                        use: ./child.yaml
                        with: { purpose: reset }
                        on: { success: { end: success }, signed_up: { end: success } }
                    """#),
                ExampleFile(
                    "child.yaml",
                    #"""
                    flowrun: 1
                    id: child
                    params:
                      purpose: { type: text }
                    start: check
                    steps:
                      check:
                        choose:
                          - if: { var: purpose, equals: signUp }
                            then: { end: signed_up }
                        otherwise: { end: success }
                    """#),
            ]),
            fixed: .files([
                ExampleFile(
                    "parent.yaml",
                    #"""
                    flowrun: 1
                    id: parent
                    start: check
                    steps:
                      check:
                        use: ./child.yaml
                        with: { purpose: reset }
                        on: { success: { end: success } }
                    """#),
                ExampleFile(
                    "child.yaml",
                    #"""
                    flowrun: 1
                    id: child
                    params:
                      purpose: { type: text }
                    start: check
                    steps:
                      check:
                        choose:
                          - if: { var: purpose, equals: signUp }
                            then: { end: signed_up }
                        otherwise: { end: success }
                    """#),
            ])),
        RuleExplanation(
            .controlCharacter,
            meaning:
                "A text the user sees (the flow's title or description, an input's label, hint or pattern message, "
                + "a step's message or hint, a transition's message) holds a control character other than a newline "
                + "or a tab: an escape sequence (`\\e`), a bell, a carriage return, a C1 control or a bidirectional "
                + "override. Printed on a terminal it could clear the screen, set the window title or disguise the "
                + "text; flowrun escapes such characters when it prints them, so in a flow file they are a mistake or "
                + "an attack.",
            broken: .files([
                ExampleFile(
                    "greet.yaml",
                    ExampleText.greet.edited([
                        (
                            "  email: { type: email, label: Email }\n",
                            "  email: { type: email, label: \"Email\\e]0;owned\\a\" }\n"
                        )
                    ]))
            ]),
            fixed: .files([ExampleFile("greet.yaml", ExampleText.greet)])),
        RuleExplanation(
            .exceedsProjectLimit,
            meaning:
                "`limits:` of flowrun.yaml caps what one run of any flow may reach (`codesSent`, "
                + "`passwordAttempts`, `codeAttempts`, `authorityCalls`, `asks`, `steps`), and `flowrun bounds` "
                + "finds that one run of this flow can go over a cap, or has no bound at all because a loop without "
                + "an attempt limit adds to it. Reported at the step where the worst path goes over the cap, or at "
                + "the loop.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.codeSignInWithResends),
                ExampleFile("flowrun.yaml", "limits: { codesSent: 3 }\n"),
            ]),
            fixed: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.codeSignInWithResends.edited([("attempts: 5", "attempts: 2")])),
                ExampleFile("flowrun.yaml", "limits: { codesSent: 3 }\n"),
            ])),
        RuleExplanation(
            .machineCodeShown,
            meaning:
                "A text the user sees interpolates a machine code the authority gave (a password refusal's "
                + "`reason`, such as `password_too_short`; an `unexpected` outcome's `error`, such as "
                + "`invalid_client`; a browser fallback's `reason`) where the catalog also gives it in words "
                + "(`reasonText`, \"The password is too short.\"; `errorText`). People should read words, not "
                + "codes: show `${errorText}` for `${error}`, `${reasonText}` for `${reason}`, and keep the code "
                + "for an end's `output` or a `choose` on it.",
            broken: .files([
                ExampleFile(
                    "flow.yaml",
                    ExampleText.signUpPassword.edited([
                        ("message: \"${reasonText} Choose another.\"", "message: \"Refused: ${reason}\"")
                    ]))
            ]),
            fixed: .files([ExampleFile("flow.yaml", ExampleText.signUpPassword)])),
        RuleExplanation(
            .translationUnreadable,
            meaning:
                "A translation file beside the flows (`translations/<locale>.po`) is not a gettext file flowrun "
                + "reads: a line is not `msgctxt`, `msgid` or `msgstr` with a string in double quotes, an entry has "
                + "no `msgctxt` (its message key), a key has two entries, or the file is not named for a language. "
                + "Its translations are not used until it is fixed.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile(
                    "translations/fr.po", ExampleText.greetFrench.edited([("msgstr \"E-mail\"", "msgstr E-mail")])),
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile("translations/fr.po", ExampleText.greetFrench),
            ])),
        RuleExplanation(
            .translationMissing,
            meaning:
                "The flows are translated into a language (a `translations/<locale>.po` file exists) but a text "
                + "people see has no entry there, or an empty or fuzzy one: people choosing that language would "
                + "read it in the flow's own words. The message names the file, the key and the locale.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile(
                    "translations/fr.po",
                    ExampleText.greetFrench.edited([("msgstr \"Bonjour ${email}\"", "msgstr \"\"")])),
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile("translations/fr.po", ExampleText.greetFrench),
            ])),
        RuleExplanation(
            .translationExtra,
            meaning:
                "A translation file has an entry whose key no text of the flows has: the step or input was renamed "
                + "or removed, or the key is misspelt. The translation is never shown.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile(
                    "translations/fr.po",
                    ExampleText.greetFrench.edited([("greet.done.message", "greet.finished.message")])),
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile("translations/fr.po", ExampleText.greetFrench),
            ])),
        RuleExplanation(
            .translationPlaceholders,
            meaning:
                "A translation reads other `${…}` variables than the text it translates: one is missing (people "
                + "lose a value the text shows) or one is added (a variable the text does not read may be unset). "
                + "Such a translation is not shown; the flow's own text is.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile(
                    "translations/fr.po",
                    ExampleText.greetFrench.edited([("msgstr \"Bonjour ${email}\"", "msgstr \"Bonjour\"")])),
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile("translations/fr.po", ExampleText.greetFrench),
            ])),
        RuleExplanation(
            .translationStale,
            meaning:
                "An entry's `msgid` (the text it was translated from) is no longer the flow's text: the text "
                + "changed since, and the translation may say something else. It is still shown until it is "
                + "translated again.",
            broken: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile(
                    "translations/fr.po",
                    ExampleText.greetFrench.edited([("msgid \"Hello ${email}\"", "msgid \"Hi ${email}\"")])),
            ]),
            fixed: .files([
                ExampleFile("flow.yaml", ExampleText.greet),
                ExampleFile("translations/fr.po", ExampleText.greetFrench),
            ])),
        RuleExplanation(
            .scenarioFlowInvalid,
            meaning:
                "The flow a scenario file tests does not load or check; "
                + "its own errors are reported with it, under its file.",
            broken: .files([
                ExampleFile("greet.test.yaml", ExampleText.greetScenario),
                ExampleFile(
                    "greet.yaml",
                    ExampleText.greet.edited([
                        ("    next: done\n", "    next: dne\n")
                    ])),
            ]),
            fixed: .files([
                ExampleFile("greet.test.yaml", ExampleText.greetScenario),
                ExampleFile("greet.yaml", ExampleText.greet),
            ])),
        RuleExplanation(
            .scenarioUnknownStep,
            meaning:
                "An expected `path` (or `pathIncludes`, `pathExcludes`) names a step the flow does not "
                + "have; the message suggests the closest. Steps of sub-flows are written `useStep/subStep`.",
            broken: .files([
                ExampleFile(
                    "greet.test.yaml",
                    #"""
                    flow: greet.yaml
                    scenarios:
                      - name: greets
                        inputs: { email: ada@example.com }
                        expect: { end: success, path: [ask_email, don], messages: ["Hello ada@example.com"] }
                    """#),
                ExampleFile("greet.yaml", ExampleText.greet),
            ]),
            fixed: .files([
                ExampleFile(
                    "greet.test.yaml",
                    #"""
                    flow: greet.yaml
                    scenarios:
                      - name: greets
                        inputs: { email: ada@example.com }
                        expect: { end: success, path: [ask_email, done], messages: ["Hello ada@example.com"] }
                    """#),
                ExampleFile("greet.yaml", ExampleText.greet),
            ])),
        RuleExplanation(
            .scenarioImpossibleFault,
            meaning:
                "A fault the run can never meet: on an action the flow never calls, or "
                + "answering an outcome (or data) the action's catalog does not declare.",
            broken: .files([
                ExampleFile(
                    "sign-out.test.yaml",
                    #"""
                    flow: sign-out.yaml
                    scenarios:
                      - name: nobody is signed in
                        faults: [{ action: account.signOut, answer: expired }]
                        expect: { end: failure, reason: no_account }
                    """#),
                ExampleFile(
                    "sign-out.yaml",
                    ExampleText.signOut.edited([
                        ("id: example\n", "id: sign-out\n")
                    ])),
            ]),
            fixed: .files([
                ExampleFile(
                    "sign-out.test.yaml",
                    #"""
                    flow: sign-out.yaml
                    scenarios:
                      - name: nobody is signed in
                        faults: [{ action: account.signOut, answer: noAccount }]
                        expect: { end: failure, reason: no_account, messages: [Nobody is signed in.] }
                    """#),
                ExampleFile(
                    "sign-out.yaml",
                    ExampleText.signOut.edited([
                        ("id: example\n", "id: sign-out\n")
                    ])),
            ])),
        RuleExplanation(
            .scenarioUnknownInput,
            meaning: "A scenario answers an input the flow does not declare; the message suggests the closest input.",
            broken: .files([
                ExampleFile(
                    "greet.test.yaml",
                    #"""
                    flow: greet.yaml
                    scenarios:
                      - name: greets
                        inputs: { email: ada@example.com, name: Ada }
                        expect: { end: success, messages: ["Hello ada@example.com"] }
                    """#),
                ExampleFile("greet.yaml", ExampleText.greet),
            ]),
            fixed: .files([
                ExampleFile("greet.test.yaml", ExampleText.greetScenario),
                ExampleFile("greet.yaml", ExampleText.greet),
            ])),
        RuleExplanation(
            .scenarioDuplicateName,
            meaning: "Two scenarios of one file share a name, so a report could not tell them apart.",
            broken: .files([
                ExampleFile(
                    "greet.test.yaml",
                    ExampleText.scenarioDuplicateName.edited([
                        ("  - name: greets another user\n", "  - name: greets\n")
                    ])),
                ExampleFile("greet.yaml", ExampleText.greet),
            ]),
            fixed: .files([
                ExampleFile("greet.test.yaml", ExampleText.scenarioDuplicateName),
                ExampleFile("greet.yaml", ExampleText.greet),
            ])),
    ]

    /// The code input of the example flows, and the same marked not secret: FR123's own example, whose loop asks
    /// no secret again (one that does is FR122's).
    fileprivate static let secretCode = "  code: { type: code, label: Code }\n"
    fileprivate static let codeNotSecret = "  code: { type: code, label: Code, secret: false }\n"
}
