"""Tier 1: what every file holds, summarised with the standard library's `ast` (no LibCST).

The byte prefilter, the per-file summaries, the project index built from them, and the
selection of the definitions that tier 2 (LibCST) has to parse.
"""
