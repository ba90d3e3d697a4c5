#!/usr/bin/env python3
"""Check that every relative link and anchor in the project's Markdown resolves.

Reads README.md, CONTRIBUTING.md, Benchmarks/README.md and every Markdown file under docs/ (or the files and
folders given). For each `[text](target)` and `<a href="target">` that is not an absolute URL:
- the file or folder it names exists (relative to the page);
- an `#anchor` names a heading of the target page, slugged as GitHub does (lower case, punctuation dropped,
  spaces to hyphens, `-1`, `-2` … for repeats), or an explicit `<a id="…">`/`<a name="…">` in it.
Links inside code blocks and code spans are ignored. Prints one line per broken link
(`file:line: broken link …`) and a summary; exit 1 when any is broken. `--self-test` checks the checker on
pages it writes to a temporary folder.
"""

import os
import re
import sys
import tempfile

LINK = re.compile(r"\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|href=\"([^\"]+)\"")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def prose_lines(path):
    """(line number, text) of the lines outside fenced code, with code spans blanked."""
    inside = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield number, re.sub(r"`[^`]*`", "", line)


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        inside = False
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if FENCE.match(line):
                    inside = not inside
                    continue
                if inside:
                    continue
                found.update(EXPLICIT_ANCHOR.findall(line))
                heading = HEADING.match(line)
                if heading:
                    base = slug(heading.group(2))
                    count = seen.get(base, 0)
                    seen[base] = count + 1
                    found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def pages(arguments, root):
    if not arguments:
        arguments = [p for p in ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"] if os.path.exists(p)]
        arguments.append("docs")
    for argument in arguments:
        if os.path.isdir(argument):
            for folder, _, files in sorted(os.walk(argument)):
                for name in sorted(files):
                    if name.endswith(".md"):
                        yield os.path.join(folder, name)
        else:
            yield argument


def main(arguments):
    root = os.getcwd()
    broken, checked, page_count = [], 0, 0
    for page in pages(arguments, root):
        page_count += 1
        for number, line in prose_lines(page):
            for match in LINK.finditer(line):
                target = match.group(1) or match.group(2)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                    continue  # http:, https:, mailto: …
                checked += 1
                file_part, _, anchor = target.partition("#")
                destination = os.path.normpath(os.path.join(os.path.dirname(page), file_part)) if file_part else page
                if not os.path.exists(destination):
                    broken.append(f"{page}:{number}: broken link `{target}`: {destination} does not exist")
                elif anchor and (os.path.isdir(destination) or not destination.endswith(".md")):
                    broken.append(f"{page}:{number}: broken link `{target}`: an anchor on a file that is not Markdown")
                elif anchor and anchor not in anchors(destination):
                    broken.append(f"{page}:{number}: broken link `{target}`: no heading `#{anchor}` in {destination}")
    for line in broken:
        print(line)
    print(f"links: {checked} relative links in {page_count} pages; {len(broken)} broken")
    return 1 if broken else 0


SELF_TEST_PAGES = {
    "README.md": "# Title\n\n## Getting started\n\n## Getting started\n\n## `flowrun test` — scenarios\n\n"
                 "[ok](docs/guide.md) [ok](docs/guide.md#step-two) [ok](#getting-started-1) [ok](docs/) "
                 "[ok](#flowrun-test--scenarios) [ok](https://example.com/nothing) `[skipped](missing.md)`\n"
                 "[bad](docs/missing.md)\n[bad](docs/guide.md#no-such-step)\n[bad](#getting-started-2)\n"
                 "```\n[skipped](missing.md)\n```\n",
    "docs/guide.md": "# Guide\n\n## Step two\n\n<a id=\"explicit\"></a>\n[ok](../README.md#title) [ok](#explicit)\n"
                     "<a href=\"../nowhere.md\">bad</a>\n",
}


def self_test():
    folder = tempfile.mkdtemp(prefix="check-links-")
    for name, text in SELF_TEST_PAGES.items():
        os.makedirs(os.path.join(folder, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    os.chdir(folder)
    import contextlib
    import io
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = main([])
    reported = sorted(line.split(": broken link ")[0] for line in output.getvalue().splitlines() if ": broken link " in line)
    expected = ["README.md:10", "README.md:11", "README.md:12", "docs/guide.md:7"]
    if status != 1 or reported != expected:
        print(f"self-test failed: expected broken links at {expected}, got {reported}\n{output.getvalue()}")
        return 1
    print(f"self-test passed: {len(expected)} broken links found, the good ones and links in code not reported")
    return 0


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else main(sys.argv[1:]))
