"""The parse-only floor: parse every listed file and do nothing else.

    python bench/parse_floor.py FILE_LIST [--parser libcst|ast] [--processes N]

FILE_LIST holds one path per line. Prints one JSON object: files, lines, failures. bench/run.py
times this whole process, so the floor includes interpreter start-up and the parser's import,
as every linter run does.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from pathlib import Path


def parse_with_libcst(path: str) -> tuple[int, bool]:
    import libcst

    source = Path(path).read_bytes()
    try:
        libcst.parse_module(source)
    except libcst.ParserSyntaxError:
        return len(source.splitlines()), False
    return len(source.splitlines()), True


def parse_with_ast(path: str) -> tuple[int, bool]:
    import ast

    source = Path(path).read_bytes()
    try:
        ast.parse(source)
    except SyntaxError:
        return len(source.splitlines()), False
    return len(source.splitlines()), True


PARSERS = {"libcst": parse_with_libcst, "ast": parse_with_ast}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file_list", type=Path)
    parser.add_argument("--parser", choices=sorted(PARSERS), default="libcst")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()

    paths = args.file_list.read_text().split("\n")
    paths = [path for path in paths if path]
    parse = PARSERS[args.parser]
    if args.processes == 1:
        results = [parse(path) for path in paths]
    else:
        with multiprocessing.Pool(args.processes) as pool:
            results = pool.map(parse, paths, chunksize=8)
    print(json.dumps({
        "files": len(results),
        "lines": sum(lines for lines, _ in results),
        "failures": sum(1 for _, parsed in results if not parsed),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
