"""Fixit rules for the benchmark: what a user would write with Fixit instead of scanlint."""
