#!/usr/bin/env python3
"""Write the generated parts of the reference pages from their sources.

Each page keeps its prose by hand; the part between `<!-- generated: NAME -->` and `<!-- end of generated -->`
comes from the code:
- docs/cli.md `commands`: every command, its options and exit codes, from `flowrun --experimental-dump-help`
  (swift-argument-parser's description of the commands, the same that `--help` prints);
- docs/tenant.md `authority` and `project`: every key of `authority.yaml` and `flowrun.yaml`, from
  schemas/authority.schema.json and schemas/project.schema.json (a test keeps those in step with the
  configuration types); `examples`: the example tenants under docs/examples/tenants/.

  python3 scripts/generate-docs.py [--flowrun PATH] [--check]

--flowrun names the binary (default .build/debug/flowrun). --check writes nothing: it prints each page that
differs from what it would write and exits 1.
"""

import glob
import json
import os
import re
import subprocess
import sys

MARK = re.compile(r"(<!-- generated: (\w+) -->\n)(.*?)(<!-- end of generated -->)", re.S)


# --- docs/cli.md ---------------------------------------------------------------------------------------------

def usage(name, arguments):
    parts = []
    for argument in arguments:
        if not argument.get("shouldDisplay", True) or argument["kind"] == "flag" and argument["valueName"] in (
                "help", "version"):
            continue
        if argument["kind"] == "positional":
            word = argument["valueName"].upper() + ("..." if argument.get("isRepeating") else "")
        else:
            word = "--" + argument["preferredName"]["name"]
            if argument["kind"] == "option":
                word += " " + argument["valueName"].upper()
            if argument.get("isRepeating"):
                word += "..."
        parts.append(f"[{word}]" if argument.get("isOptional") else word)
    return f"flowrun {name} " + " ".join(parts)


def option_row(argument):
    if argument["kind"] == "positional":
        name = "`" + argument["valueName"].upper() + "`"
    else:
        names = [("-" if n["kind"] == "short" else "--") + n["name"] for n in argument["names"]]
        value = " " + argument["valueName"].upper() if argument["kind"] == "option" else ""
        name = ", ".join(f"`{n}{value}`" for n in names).replace("|", "\\|")
    text = argument.get("abstract", "")
    if argument.get("allValues"):
        text += " One of: " + ", ".join(f"`{v}`" for v in argument["allValues"]) + "."
    if "defaultValue" in argument:
        text += f" Default: `{argument['defaultValue']}`."
    if argument.get("isRepeating") and argument["kind"] != "positional":
        text += " Repeatable."
    text = text.replace("|", "\\|").strip()
    return f"| {name} | {text} |"


def exit_codes(discussion):
    found = re.search(r"Exit codes?: (.*?)(?:\n\n|$)", discussion or "", re.S)
    return " ".join(found.group(1).split()) if found else None


def commands_part(flowrun):
    dump = subprocess.run([flowrun, "--experimental-dump-help"], capture_output=True, text=True, check=True)
    root = json.loads(dump.stdout)["command"]
    commands = [c for c in root["subcommands"] if c.get("shouldDisplay", True) and c["commandName"] != "help"]
    lines = ["| command | what it does |", "|---|---|"]
    for command in commands:
        name = command["commandName"]
        lines.append(f"| [`flowrun {name}`](#flowrun-{name}) | {command.get('abstract', '')} |")
    lines += ["", "## Exit codes", "", "| command | exit codes |", "|---|---|"]
    for command in commands:
        codes = exit_codes(command.get("discussion"))
        if codes is None:
            raise SystemExit(f"generate-docs: `flowrun {command['commandName']}` states no exit codes in its help")
        lines.append(f"| `{command['commandName']}` | {codes} |")
    for command in commands:
        name = command["commandName"]
        lines += ["", f"## `flowrun {name}`", "", command.get("abstract", ""), "", "```",
                  usage(name, command.get("arguments", [])), "```"]
        discussion = command.get("discussion")
        if discussion:
            for paragraph in discussion.split("\n\n"):
                lines += ["", " ".join(paragraph.split())]
        shown = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
                 and a["valueName"] not in ("help", "version")]
        if shown:
            lines += ["", "| argument or option | meaning |", "|---|---|"] + [option_row(a) for a in shown]
    return "\n".join(_blank_separated(lines)) + "\n"


def _blank_separated(lines):
    """Paragraphs of a discussion, each its own line, separated by blank lines."""
    out = []
    for line in lines:
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    return out


# --- docs/tenant.md ------------------------------------------------------------------------------------------

def resolve(schema, definitions):
    while "$ref" in schema:
        schema = definitions[schema["$ref"].split("/")[-1]]
    return schema


def type_of(schema, definitions):
    schema = resolve(schema, definitions)
    if "enum" in schema:
        return " \\| ".join(f"`{v}`" for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(type_of(s, definitions) for s in schema["oneOf"])
    kind = schema.get("type", "")
    if isinstance(kind, list):
        kind = " or ".join(k for k in kind if k != "null")
    if kind == "array" and "items" in schema:
        inner = resolve(schema["items"], definitions)
        if "enum" in inner:
            return "list of " + ", ".join(f"`{v}`" for v in inner["enum"])
        if "properties" in inner:
            return "list of objects"
        return "list of " + (inner.get("type") or "values")
    return kind


def range_of(schema, definitions):
    schema = resolve(schema, definitions)
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is None and high is None:
        return ""
    if high is None:
        return f"≥ {low:,}"
    if low is None:
        return f"≤ {high:,}"
    return f"{low:,} – {high:,}"


def key_rows(schema, prefix, definitions):
    schema = resolve(schema, definitions)
    rows = []
    for key, value in schema.get("properties", {}).items():
        value = resolve(value, definitions)
        path = prefix + key
        default = f"`{json.dumps(value['default'])}`" if "default" in value else ""
        description = (value.get("description") or "").replace("|", "\\|").replace("\n", " ")
        rows.append(f"| <a id=\"{anchor(path)}\"></a>`{path}` | {type_of(value, definitions)} | {default} | "
                    f"{range_of(value, definitions)} | {description} |")
        if "properties" in value:
            rows += key_rows(value, path + ".", definitions)
        items = resolve(value.get("items", {}), definitions) if value.get("type") == "array" else {}
        if "properties" in items:
            rows += key_rows(items, path + "[].", definitions)
    return rows


def anchor(path):
    return "key-" + re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")


def schema_part(path):
    with open(path, encoding="utf-8") as handle:
        schema = json.load(handle)
    lines = [schema["description"], "", "| key | type | default | range | meaning |", "|---|---|---|---|---|"]
    lines += key_rows(schema, "", schema.get("$defs", {}))
    return "\n".join(lines) + "\n"


def examples_part():
    lines = []
    for path in sorted(glob.glob("docs/examples/tenants/*.yaml")):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        title = text.split("\n", 1)[0].lstrip("# ").strip()
        lines += [f"### {title}", "", f"[`{os.path.relpath(path, 'docs')}`]({os.path.relpath(path, 'docs')}):", "",
                  "```yaml", text.rstrip("\n"), "```", ""]
    return "\n".join(lines)


# --- pages ---------------------------------------------------------------------------------------------------

def parts(flowrun):
    return {
        "docs/cli.md": {"commands": lambda: commands_part(flowrun)},
        "docs/tenant.md": {
            "authority": lambda: schema_part("schemas/authority.schema.json"),
            "examples": examples_part,
            "project": lambda: schema_part("schemas/project.schema.json"),
        },
    }


def render(page, generators):
    with open(page, encoding="utf-8") as handle:
        text = handle.read()
    seen = set()

    def replace(match):
        name = match.group(2)
        if name not in generators:
            raise SystemExit(f"generate-docs: {page} has an unknown generated part `{name}`")
        seen.add(name)
        return match.group(1) + generators[name]() + match.group(4)

    result = MARK.sub(replace, text)
    missing = set(generators) - seen
    if missing:
        raise SystemExit(f"generate-docs: {page} lacks the generated part(s) {', '.join(sorted(missing))}")
    return text, result


def main(arguments):
    flowrun = ".build/debug/flowrun"
    if "--flowrun" in arguments:
        flowrun = arguments[arguments.index("--flowrun") + 1]
    check = "--check" in arguments
    drifted = []
    for page, generators in parts(os.path.abspath(flowrun)).items():
        old, new = render(page, generators)
        if old != new:
            drifted.append(page)
            if not check:
                with open(page, "w", encoding="utf-8") as handle:
                    handle.write(new)
    if check and drifted:
        for page in drifted:
            print(f"{page} drifted from its sources: run `python3 scripts/generate-docs.py`")
        return 1
    print(("checked " if check else "wrote ") + ", ".join(parts(flowrun)) + (f" ({len(drifted)} changed)" if not check else ""))
    return 0


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main(sys.argv[1:]))
