"""Every rule is registered, documented, and its documented examples behave as documented."""

from __future__ import annotations

import inspect
import re

import pytest
from helpers import REPO, lint

from scanlint import docs, registry
from scanlint.findings import FixSafety
from scanlint.runtime.codes import RUNTIME_CODES


RULE_IDS = [rule.code for rule in registry.RULES]


def test_codes_and_names_are_unique_and_well_formed() -> None:
    codes = [rule.code for rule in registry.RULES]
    names = [rule.name for rule in registry.RULES]
    assert len(set(codes)) == len(codes)
    assert len(set(names)) == len(names)
    for rule in registry.RULES:
        assert re.fullmatch(r"SCN[1-8]\d\d", rule.code), rule.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name), rule.name


def test_runtime_codes_are_unique_well_formed_and_apart_from_the_static_rules() -> None:
    codes = [code.code for code in RUNTIME_CODES]
    names = [code.name for code in RUNTIME_CODES]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert not set(codes) & set(registry.BY_CODE) and not set(names) & set(registry.BY_NAME)
    for code in RUNTIME_CODES:
        assert re.fullmatch(r"SCN9\d\d", code.code), code.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code.name), code.name
        assert len(code.description) > 200, f"{code.code}: the page says what is seen, why it matters and where"
        assert code.severity in ("error", "warning")
        assert registry.code_for(code.name) == code.code


@pytest.mark.parametrize("code", RULE_IDS)
def test_rule_class_matches_its_registry_entry(code: str) -> None:
    info = registry.BY_CODE[code]
    rule = info.load()
    assert rule.CODE == code
    assert rule.__doc__ and len(rule.__doc__.strip()) > 80, "the docstring says what and why"
    assert rule.BAD.strip() and rule.GOOD.strip()
    body = inspect.cleandoc(rule.__doc__).splitlines()[1:]
    assert not any(line.startswith("    ") for line in body), "every paragraph is indented as the docstring is"


@pytest.mark.parametrize("code", RULE_IDS)
def test_bad_example_is_flagged_and_good_example_is_clean(code: str) -> None:
    rule = registry.BY_CODE[code].load()
    bad = [f.code for f in lint(rule.BAD)]
    assert code in bad, f"the BAD example of {code} must be flagged by it, got {bad}"
    assert not [f for f in lint(rule.GOOD) if f.code.startswith("SCN")], "GOOD must be clean"


@pytest.mark.parametrize("code", RULE_IDS)
def test_fix_safety_is_declared_consistently(code: str) -> None:
    info = registry.BY_CODE[code]
    findings = [f for f in lint(info.load().BAD) if f.code == code]
    if info.fix_safety is FixSafety.NONE:
        assert all(f.fix is None for f in findings)


def test_rule_pages_are_current() -> None:
    """The pages under rules/ are generated; regenerate with `python -m scanlint.docs`."""
    expected = docs.expected_pages()
    directory = REPO / "rules"
    present = {p.name for p in directory.glob("*.md")}
    assert present == set(expected), "run `python -m scanlint.docs` to regenerate rules/"
    for name, text in expected.items():
        assert (directory / name).read_text(encoding="utf-8") == text, (
            f"rules/{name} is stale: run `python -m scanlint.docs`"
        )
