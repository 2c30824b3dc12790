#!/usr/bin/env python3
"""Lists Swift functions, initializers and closures-as-properties longer than a limit.

    scripts/long-functions.py [--max N] [--exclude PATH]... [FOLDER]...

Defaults: 80 lines, Sources/, the YAML scanner excluded (a state machine after libyaml's,
whose long functions mirror its states). Exit 1 when any function is longer. Braces inside
string literals and comments are skipped, so the count is the function's lines from its
declaration to its closing brace.
"""
import re
import sys
from pathlib import Path

DECLARATION = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|nonmutating|convenience|required|nonisolated|@inlinable|@usableFromInline|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|subscript\s*[(<]|deinit\b)')


def strip_literals(line, in_block_comment):
    """The line without string literals and comments; whether a block comment is still open."""
    out = []
    i = 0
    in_string = False
    while i < len(line):
        if in_block_comment:
            end = line.find('*/', i)
            if end < 0:
                return ''.join(out), True
            i = end + 2
            in_block_comment = False
            continue
        c = line[i]
        if in_string:
            if c == '\\':
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if line.startswith('//', i):
            break
        if line.startswith('/*', i):
            in_block_comment = True
            i += 2
            continue
        if c == '"':
            in_string = True
            i += 1
            continue
        out.append(c)
        i += 1
    return ''.join(out), in_block_comment


def long_functions(path, limit):
    lines = path.read_text(encoding='utf-8').splitlines()
    code = []
    in_block = False
    in_multiline_string = False
    for line in lines:
        if line.count('"""') % 2 == 1:
            in_multiline_string = not in_multiline_string
            code.append('')
            continue
        if in_multiline_string:
            code.append('')
            continue
        stripped, in_block = strip_literals(line, in_block)
        code.append(stripped)
    found = []
    for start, line in enumerate(code):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth = 0
        opened = False
        for index in range(start, len(code)):
            for c in code[index]:
                if c == '{':
                    depth += 1
                    opened = True
                elif c == '}':
                    depth -= 1
            if opened and depth <= 0:
                length = index - start + 1
                if length > limit:
                    found.append((start + 1, length, match.group(1).strip()))
                break
            # A protocol requirement or a declaration without a body.
            if not opened and index > start and code[index].strip() and not code[index].strip().startswith(('where', ')', '->', 'throws', 'async')) and '{' not in code[index] and index - start > 20:
                break
    return found


def main(arguments):
    limit = 80
    excluded = ['Sources/RoutegenYAML/YAMLScanner.swift']
    folders = []
    index = 0
    while index < len(arguments):
        if arguments[index] == '--max':
            limit = int(arguments[index + 1])
            index += 2
        elif arguments[index] == '--exclude':
            excluded.append(arguments[index + 1])
            index += 2
        else:
            folders.append(arguments[index])
            index += 1
    folders = folders or ['Sources']
    failures = 0
    for folder in folders:
        for path in sorted(Path(folder).rglob('*.swift')):
            if any(str(path).endswith(e) for e in excluded):
                continue
            for line, length, name in long_functions(path, limit):
                print(f'{path}:{line}: {name} is {length} lines, over {limit}')
                failures += 1
    if failures:
        print(f'{failures} function(s) over {limit} lines', file=sys.stderr)
        return 1
    print(f'no function over {limit} lines')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
