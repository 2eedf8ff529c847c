"""The fast path finds exactly what a full parse finds, on the whole benchmark corpus.

    python bench/check_selection.py [--corpus libs|research|both] [--processes N]

For every file of the corpus (corpus.py; by default both corpora, one after the other), lints it
twice with every rule enabled: the way `scanlint check` does (byte prefilter, then LibCST on the
units tier 1 selects), and the slow way (no prefilter, LibCST on the whole file). For each file
past the prefilter it also compares what the resolver sees (loops with their bodies, pytree
registrations, static-field helpers, jits with static arguments) in the selection and in the
whole file, so a selection that loses a loop shows even where no rule fires. Prints, per corpus,
how many files, findings and facts each way saw and every file where they differ; exits 1 when
any file of any corpus differs.
"""

from __future__ import annotations

import argparse
import ast
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path

import corpus as corpus_module

from scanlint.analysis.facts import resolver_facts
from scanlint.engine import lint_source, lint_text, may_have_findings
from scanlint.index.names import LOOPS, METADATA
from scanlint.registry import RULES
from scanlint.source import DecodeError, decode_source

ALL_CODES = frozenset(rule.code for rule in RULES)


def both_ways(path: str) -> tuple[str, list, list, bool]:
    """Findings and resolver facts, the fast way and the whole-file way."""
    data = Path(path).read_bytes()
    fast = lint_source(path, data, ALL_CODES)
    fast_findings = [f.to_json() for f in fast.findings]
    try:
        text = decode_source(data).text
        ast.parse(text)
    except (DecodeError, SyntaxError, ValueError):
        return path, fast_findings, fast_findings, fast.parsed
    full = lint_text(path, text, ALL_CODES, select_statements=False)
    if not may_have_findings(data, ALL_CODES):
        return path, fast_findings, [f.to_json() for f in full.findings], fast.parsed
    kinds = frozenset({LOOPS, METADATA})
    fast_facts = resolver_facts(text, kinds, selected=True)
    full_facts = resolver_facts(text, kinds, selected=False)
    return path, [*fast_findings, *fast_facts], [*(f.to_json() for f in full.findings), *full_facts], fast.parsed


def check(corpus: corpus_module.Corpus, processes: int) -> bool:
    """Prints the comparison for one corpus; returns whether every file agrees."""
    started = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(both_ways, [str(path) for path in corpus.files], chunksize=4)
    differing = [(path, fast, full) for path, fast, full, _ in results if fast != full]
    fast_codes = Counter(item["code"] for _, fast, _, _ in results for item in fast if isinstance(item, dict))
    full_codes = Counter(item["code"] for _, _, full, _ in results for item in full if isinstance(item, dict))
    facts = Counter(item[0] for _, _, full, _ in results for item in full if isinstance(item, tuple))
    summary = {
        "corpus": corpus.name,
        "files": len(results),
        "parsed_by_fast_path": sum(parsed for *_, parsed in results),
        "findings_fast": dict(sorted(fast_codes.items())),
        "findings_full": dict(sorted(full_codes.items())),
        "resolver_facts_compared": dict(sorted(facts.items())),
        "files_differing": len(differing),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary, indent=2))
    for path, fast, full in differing:
        print(f"DIFFERS: {path}\n  fast: {fast}\n  full: {full}", file=sys.stderr)
    return not differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=[*corpus_module.CORPUS_NAMES, "both"], default="both")
    parser.add_argument("--processes", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    agree = [check(corpus_module.load(name), args.processes) for name in corpus_module.names(args.corpus)]
    return 0 if all(agree) else 1


if __name__ == "__main__":
    sys.exit(main())
