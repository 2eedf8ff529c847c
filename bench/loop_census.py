"""What the loop rules (SCN1xx, SCN2xx) see in a corpus: its raw loop calls, per package.

    python bench/loop_census.py [--corpus libs|research|both] [--processes N]

For every file of the corpus (corpus.py) that gets past scanlint's byte prefilter, parses the
whole file with LibCST and builds scanlint's own index of it, then counts the calls the index
resolves to `lax.scan`, `lax.fori_loop` and `lax.while_loop`, and how many of them have a body
the rules can read in the same file (a local def, a lambda, a method, a `functools.partial`).
A loop whose body is not readable there (a parameter, an import) is left to the runtime check.
Prints one Markdown table per corpus.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
from collections import Counter
from pathlib import Path

import corpus as corpus_module
import libcst as cst

from scanlint.analysis.resolver import ScanIndex
from scanlint.engine import may_have_findings
from scanlint.registry import RULES

ALL_CODES = frozenset(rule.code for rule in RULES)
KINDS = ("scan", "fori_loop", "while_loop")


def loops_in(path: str) -> Counter[tuple[str, bool]]:
    """(kind, body readable) -> number of loop calls in the file."""
    data = Path(path).read_bytes()
    if not may_have_findings(data, ALL_CODES):
        return Counter()
    try:
        index = ScanIndex(cst.parse_module(data))
    except cst.ParserSyntaxError:
        return Counter()
    return Counter((loop.kind, loop.body is not None) for loop in index.loops)


def census(corpus: corpus_module.Corpus, processes: int) -> list[str]:
    with multiprocessing.Pool(processes) as pool:
        counts = pool.map(loops_in, [str(path) for path in corpus.files], chunksize=4)
    by_package: dict[str, Counter[tuple[str, bool]]] = {}
    for path, count in zip(corpus.files, counts, strict=True):
        package = path.relative_to(corpus.once).parts[0]
        by_package.setdefault(package, Counter()).update(count)
    header = " | ".join(f"{kind} (body readable)" for kind in KINDS)
    lines = [f"| {corpus.name} | {header} |", "|---|" + "---:|" * len(KINDS)]
    total: Counter[tuple[str, bool]] = Counter()
    for package, count in by_package.items():
        total.update(count)
        lines.append(f"| {package} | " + " | ".join(cell(count, kind) for kind in KINDS) + " |")
    lines.append("| **all** | " + " | ".join(cell(total, kind) for kind in KINDS) + " |")
    return lines


def cell(count: Counter[tuple[str, bool]], kind: str) -> str:
    readable = count[(kind, True)]
    return f"{readable + count[(kind, False)]} ({readable})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=[*corpus_module.CORPUS_NAMES, "both"], default="both")
    parser.add_argument("--processes", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    for name in corpus_module.names(args.corpus):
        print("\n".join(census(corpus_module.load(name), args.processes)) + "\n")


if __name__ == "__main__":
    main()
