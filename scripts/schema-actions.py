#!/usr/bin/env python3
"""Write the native-auth catalog's actions into schemas/flow.schema.json, so that editors complete them.

Regenerates the `catalogActions` definition of the flow schema from schemas/catalogs/native-auth.json: for a flow
of that catalog (no `authority:`, or `authority: native-auth`), an action step's `action` enumerates every action
name, and per action (an `if`/`then` on the name) `with` names its parameters and `on` its outcome names (plus
`otherwise`), each with the catalog's description. Only that definition changes; the rest of the file is left
byte for byte. Then embeds the schema in Sources/FlowReporting/FlowSchema+JSON.swift, from which
`flowrun schema --catalog FILE` writes the same definition for any catalog. A test fails when they drift.

    python3 scripts/schema-actions.py           # regenerate
    python3 scripts/schema-actions.py --check   # exit 1 if flow.schema.json or its embedded copy is out of date
"""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOG = ROOT / "schemas" / "catalogs" / "native-auth.json"
SCHEMA = ROOT / "schemas" / "flow.schema.json"
EMBEDDED = ROOT / "Sources" / "FlowReporting" / "FlowSchema+JSON.swift"
KEY = '"catalogActions": '


def value_note(value):
    """`email, required, secret: The user's username…` for a parameter or datum."""
    flags = [value["type"]] + [flag for flag in ("required", "secret") if value.get(flag)]
    return f"({', '.join(flags)}) {value.get('description', '')}".strip()


def catalog_actions(authority, actions):
    """The generated `catalogActions` definition (FlowSchema.swift writes the same for any catalog)."""
    clauses = []
    for name, action in sorted(actions.items()):
        parameters = action.get("parameters", {})
        outcomes = action["outcomes"]
        on_properties = {
            outcome: {
                "description": ("Error. " if spec.get("error") else "")
                + spec.get("description", "")
                + ("" if not spec.get("data") else " Data: " + ", ".join(f"`{key}`" for key in sorted(spec["data"])) + "."),
                "$ref": "#/$defs/transition",
            }
            for outcome, spec in sorted(outcomes.items())
        }
        on_properties["otherwise"] = {"description": "Taken for every outcome not named in this map.",
                                      "$ref": "#/$defs/transition"}
        then = {
            "properties": {
                "with": {
                    "propertyNames": {"enum": sorted(parameters)},
                    "properties": {
                        parameter: {"description": value_note(spec)} for parameter, spec in sorted(parameters.items())
                    },
                },
                "on": {"propertyNames": {"enum": sorted(outcomes) + ["otherwise"]}, "properties": on_properties},
            }
        }
        required = sorted(parameter for parameter, spec in parameters.items() if spec.get("required"))
        if required:
            then["required"] = ["with"]
            then["properties"]["with"]["required"] = required
        clauses.append({"if": {"properties": {"action": {"const": name}}, "required": ["action"]}, "then": then})
    named = {"properties": {"authority": {"const": authority}}, "required": ["authority"]}
    return {
        "description": f"The actions of the `{authority}` catalog, for the action steps of a flow of that catalog. "
        "Generated from the catalog by scripts/schema-actions.py (`flowrun schema --catalog FILE` for another "
        "catalog): edit the catalog, not this definition.",
        "if": {"anyOf": [{"not": {"required": ["authority"]}}, named]} if authority == "native-auth" else named,
        "then": {
            "properties": {
                "steps": {
                    "additionalProperties": {
                        "if": {"required": ["action"]},
                        "then": {
                            "properties": {
                                "action": {
                                    "description": f"An action of the `{authority}` catalog.",
                                    "enum": sorted(actions),
                                }
                            },
                            "allOf": clauses,
                        },
                    }
                }
            }
        },
    }


def value_end(text, start):
    """The index just past the JSON value starting at `start` (an object), aware of strings."""
    depth, index, in_string = 0, start, False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise SystemExit("flow.schema.json: the actionStep definition does not end")


def generated(text):
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    key = text.index(KEY)
    start = key + len(KEY)
    end = value_end(text, start)
    line_start = text.rindex("\n", 0, key) + 1
    indent = text[line_start:key]
    body = json.dumps(catalog_actions(catalog["authority"], catalog["actions"]), indent=2, ensure_ascii=False)
    return text[:start] + body.replace("\n", "\n" + indent) + text[end:]


def embedded(schema):
    """The Swift file holding the schema's text, byte for byte."""
    if "\r" in schema or '"""#' in schema or "\\#" in schema:
        raise SystemExit("flow.schema.json: cannot embed it in a #\"\"\" raw string literal")
    lines = [
        "// generated by scripts/schema-actions.py from schemas/flow.schema.json; do not edit",
        "",
        "extension FlowSchema {",
        "    /// schemas/flow.schema.json",
        '    static let nativeAuthJSON = #"""',
    ]
    lines.extend("        " + line if line.strip() else "" for line in schema.split("\n"))
    lines.append('        """#')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    text = SCHEMA.read_text(encoding="utf-8")
    new = generated(text)
    swift = embedded(new)
    if "--check" in argv:
        current = EMBEDDED.read_text(encoding="utf-8") if EMBEDDED.exists() else ""
        if new != text or swift != current:
            print("schemas/flow.schema.json is out of date: run python3 scripts/schema-actions.py")
            return 1
        print("schemas/flow.schema.json is up to date")
        return 0
    SCHEMA.write_text(new, encoding="utf-8")
    EMBEDDED.write_text(swift, encoding="utf-8")
    print(f"wrote schemas/flow.schema.json and {EMBEDDED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
