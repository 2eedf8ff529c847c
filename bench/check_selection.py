"""The fast path finds exactly what a full parse finds, on the whole benchmark corpus.

    python bench/check_selection.py [--corpus libs|research|both] [--processes N]

For every file of the corpus (corpus.py; by default both corpora, one after the other), lints it
twice with every rule enabled: the way `scanlint check` does (byte prefilter, then LibCST on the
selected statements only), and the slow way (no prefilter, LibCST on the whole file). Prints, per
corpus, how many files and findings each way saw and every file where they differ; exits 1 when
any file of any corpus differs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path

import corpus as corpus_module

from scanlint.engine import lint_source, lint_text
from scanlint.registry import RULES
from scanlint.source import DecodeError, decode_source

ALL_CODES = frozenset(rule.code for rule in RULES)


def both_ways(path: str) -> tuple[str, list[dict], list[dict], bool]:
    data = Path(path).read_bytes()
    fast = lint_source(path, data, ALL_CODES)
    try:
        text = decode_source(data).text
    except DecodeError:
        return path, [f.to_json() for f in fast.findings], [f.to_json() for f in fast.findings], fast.parsed
    full = lint_text(path, text, ALL_CODES, select_statements=False)
    return path, [f.to_json() for f in fast.findings], [f.to_json() for f in full.findings], fast.parsed


def check(corpus: corpus_module.Corpus, processes: int) -> bool:
    """Prints the comparison for one corpus; returns whether every file agrees."""
    started = time.perf_counter()
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(both_ways, [str(path) for path in corpus.files], chunksize=4)
    differing = [(path, fast, full) for path, fast, full, _ in results if fast != full]
    fast_codes = Counter(finding["code"] for _, fast, _, _ in results for finding in fast)
    full_codes = Counter(finding["code"] for _, _, full, _ in results for finding in full)
    summary = {
        "corpus": corpus.name,
        "files": len(results),
        "parsed_by_fast_path": sum(parsed for *_, parsed in results),
        "findings_fast": dict(sorted(fast_codes.items())),
        "findings_full": dict(sorted(full_codes.items())),
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
