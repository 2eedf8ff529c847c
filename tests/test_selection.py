"""Parsing only the relevant statements finds exactly what a full parse finds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from helpers import FIXTURES, REPO, Case

from scanlint.engine import lint_source, lint_text, may_have_findings
from scanlint.registry import RULES
from scanlint.index.selection import relevant_source


ALL_CODES = frozenset(rule.code for rule in RULES)
FAMILIES = {family: frozenset(r.code for r in RULES if r.code.startswith(family)) for family in ("SCN1", "SCN2", "SCN3")}


def both_ways(name: str, data: bytes) -> tuple[list, list]:
    fast = lint_source(name, data, ALL_CODES).findings
    full = lint_source(name, data, ALL_CODES, select_statements=False).findings
    return [f.to_json() for f in fast], [f.to_json() for f in full]


CHUNK = 40  # sources per test: xdist spreads the groups over its workers


def _source_groups() -> dict[str, list[tuple[str, str]]]:
    """Every rule's BAD and GOOD examples, and the Cases of each tests/rules module in chunks."""
    import textwrap

    groups = {"examples": [(f"{rule.code} {kind}", getattr(rule.load(), kind)) for rule in RULES for kind in ("BAD", "GOOD")]}
    for module_path in sorted((REPO / "tests" / "rules").glob("test_*.py")):
        spec = importlib.util.spec_from_file_location(f"_cases_{module_path.stem}", module_path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cases = [
            (case.id, textwrap.dedent(case.source))
            for value in vars(module).values()
            if isinstance(value, list) and value and isinstance(value[0], Case)
            for case in value
        ]
        for first in range(0, len(cases), CHUNK):
            groups[f"{module_path.stem}[{first}:{first + CHUNK}]"] = cases[first : first + CHUNK]
    return groups


SOURCE_GROUPS = _source_groups()


def rule_case_sources() -> list[tuple[str, str]]:
    return [source for group in SOURCE_GROUPS.values() for source in group]


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.py")), ids=lambda p: p.name)
def test_fixtures(path: Path) -> None:
    fast, full = both_ways(path.name, path.read_bytes())
    assert fast == full


@pytest.mark.parametrize("group", SOURCE_GROUPS)
def test_rule_cases_and_examples(group: str) -> None:
    for case_id, source in SOURCE_GROUPS[group]:
        fast, full = both_ways("case.py", source.encode())
        assert fast == full, case_id


@pytest.mark.parametrize("group", [*SOURCE_GROUPS, "fixtures"])
def test_prefilter_and_selection_lose_nothing_for_any_one_family(group: str) -> None:
    """With one family enabled, the byte prefilter and that family's statement selection find
    what the whole file finds without either."""
    if group == "fixtures":
        sources = [(p.name, p.read_text()) for p in sorted(FIXTURES.glob("*.py"))]
    else:
        sources = SOURCE_GROUPS[group]
    compared = 0
    for case_id, source in sources:
        for family, codes in FAMILIES.items():
            fast = [f.to_json() for f in lint_source("case.py", source.encode(), codes).findings]
            full = [f.to_json() for f in lint_text("case.py", source, codes, select_statements=False).findings]
            assert fast == full, (case_id, family)
            compared += bool(full)
    assert compared > 0  # the comparison saw sources with findings


@pytest.mark.parametrize(
    ("source", "family", "expected"),
    [
        (b"ys = lax.scan(f, 0, xs)", "SCN2", True),
        (b"from jax.lax import scan as s", "SCN1", True),
        (b"val = jax.lax.fori_loop(0, 3, f, 0)", "SCN2", True),
        (b"x: int = struct.field(pytree_node=False)", "SCN3", True),
        (b"y: int = eqx.field(static=True)", "SCN3", True),
        (b"@partial(jax.jit, static_argnums=1)", "SCN3", True),
        (b"class A:\n    @staticmethod\n    def scanned(): return nnx_scans", "SCN2", False),
        (b"class A:\n    @staticmethod\n    def f(): pass", "SCN3", False),
        (b"ys = lax.scan(f, 0, xs)", "SCN3", False),
        (b"rescan = prescan_all", "SCN1", False),
    ],
)
def test_prefilter_matches_whole_identifiers_of_enabled_families(source: bytes, family: str, expected: bool) -> None:
    assert may_have_findings(source, FAMILIES[family]) is expected


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(
            "from jax import lax\ndef body(c, x):\n    return c\na1 = body\na2 = a1\na3 = a2\na4 = a3\na5 = a4\n"
            "def run(xs):\n    return lax.scan(a5, 0.0, xs)\n",
            id="a chain of module-level aliases longer than the closure depth",
        ),
        pytest.param(
            "import numpy as lax\ndef unrelated():\n    from jax import lax\n    return 1\n"
            "def run(xs):\n    return lax.scan(lambda c, x: c, 0.0, xs)\n",
            id="an import inside an unrelated def rebinds a name the scan call uses",
        ),
    ],
)
def test_selection_follows_what_the_resolver_follows(source: str) -> None:
    fast, full = both_ways("case.py", source.encode())
    assert fast == full
    assert [f["code"] for f in full] == ["SCN201"]


def test_triggers_only_in_strings_and_comments_parse_nothing() -> None:
    text = '"""Uses lax.scan."""\nimport jax  # jax.lax.scan below? no\nx = "static"\n'
    result = lint_source("case.py", text.encode(), ALL_CODES)
    assert result.findings == () and not result.parsed


def installed_sample(package: str, every: int) -> list[Path]:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations)))
    candidates = [p for p in sorted(root.rglob("*.py")) if b"scan" in p.read_bytes()]
    return candidates[::every]


@pytest.mark.parametrize("package", ["flax", "jax"])
def test_sample_of_real_library_source(package: str) -> None:
    sample = installed_sample(package, every=12)
    if not sample:
        pytest.skip(f"{package} is not installed")
    for path in sample:
        fast, full = both_ways(str(path), path.read_bytes())
        assert fast == full, path


def test_selection_keeps_whole_lines_and_maps_them_back() -> None:
    text = "import os\r\nunused = 1\r\n\r\ndef body(c, x):\r\n    return c\r\ny = [\r\n  2]\r\nfrom jax.lax import scan\r\nscan(body, 0, [1])\r\n"
    selection = relevant_source(text)
    assert selection.text == "import os\r\ndef body(c, x):\r\n    return c\r\nfrom jax.lax import scan\r\nscan(body, 0, [1])\r\n"
    assert selection.line_map == (1, 4, 5, 8, 9)
    assert [selection.original_line(n) for n in (1, 2, 5, 6)] == [1, 4, 9, 10]


def test_strings_and_comments_do_not_trigger_and_aliases_do() -> None:
    text = 'import jax\n"""Uses lax.scan."""\ndef a():  # scan\n    return "scan"\nfrom jax.lax import scan as s\ndef b(xs):\n    return s(f, 0, xs)\n'
    selection = relevant_source(text)
    assert selection.line_map == (1, 5, 6, 7)
