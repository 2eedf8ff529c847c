"""The rule catalog: every code scanlint can report, with what is needed to select and document it.

This module is imported by every front end to validate `--select`/`--ignore` and configuration,
so it must stay light: it names each rule's class but imports the rule modules (and so LibCST)
only when a file actually needs linting.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scanlint.findings import INTERNAL_ERROR, READ_ERROR, SYNTAX_ERROR, FixSafety
from scanlint.runtime.codes import RUNTIME_CODES, RuntimeCode

if TYPE_CHECKING:
    from scanlint.rules.base import Rule


@dataclass(frozen=True)
class RuleInfo:
    code: str
    name: str
    summary: str
    module: str
    class_name: str
    fix_safety: FixSafety = FixSafety.NONE
    enabled_by_default: bool = True

    def load(self) -> type[Rule]:
        rule: type[Rule] = getattr(importlib.import_module(self.module), self.class_name)
        return rule

    @property
    def family(self) -> str:
        return self.code[:4]


_FLAX = "scanlint.rules.flax."
_CONTRACT = "scanlint.rules.contract"
_METADATA = "scanlint.rules.static_metadata"

RULES: tuple[RuleInfo, ...] = (
    RuleInfo("SCN101", "linen-module-in-scan-body", "Linen module constructed inside a raw lax.scan (or fori_loop, while_loop) body", _FLAX + "scn101_linen_module", "LinenModuleInScanBody"),
    RuleInfo("SCN102", "linen-variable-in-scan-body", "Linen variable (self.param, self.variable, ...) created inside a raw lax.scan (or fori_loop, while_loop) body", _FLAX + "scn102_linen_variable", "LinenVariableInScanBody", FixSafety.SAFE),
    RuleInfo("SCN103", "rng-drawn-once-per-trace", "randomness drawn once per trace inside a raw lax.scan (or fori_loop, while_loop) body: every step gets the same values", _FLAX + "scn103_rng_drawn_once", "RngDrawnOncePerTrace"),
    RuleInfo("SCN104", "linen-submodule-first-called-in-scan-body", "Linen submodule first called inside a raw lax.scan (or fori_loop, while_loop) body", _FLAX + "scn104_submodule_first_called", "LinenSubmoduleFirstCalledInScanBody"),
    RuleInfo("SCN105", "nnx-state-mutated-in-scan-body", "NNX state that lives outside a raw lax.scan (or fori_loop, while_loop) body mutated inside it", _FLAX + "scn105_nnx_state_mutated", "NnxStateMutatedInScanBody"),
    RuleInfo("SCN106", "loop-value-escapes-scan-body", "value of a raw lax.scan (or fori_loop, while_loop) body stored in Python state that outlives the body", _FLAX + "scn106_loop_value_escapes", "LoopValueEscapesScanBody"),
    RuleInfo("SCN201", "scan-body-not-pair", "lax.scan body does not return a (carry, out) pair", _CONTRACT, "ScanBodyNotPair", FixSafety.SOMETIMES),
    RuleInfo("SCN202", "scan-body-mixed-returns", "lax.scan body returns a pair on some paths only", _CONTRACT, "ScanBodyMixedReturns"),
    RuleInfo("SCN203", "carry-dtype-drift", "loop carry changes dtype between input and output", _CONTRACT, "CarryDtypeDrift"),
    RuleInfo("SCN204", "carry-shape-drift", "loop carry changes shape between input and output", _CONTRACT, "CarryShapeDrift"),
    RuleInfo("SCN205", "fori-loop-body-returns-pair", "lax.fori_loop body returns (val, None) like a scan body", _CONTRACT, "ForiLoopBodyReturnsPair", FixSafety.SOMETIMES),
    RuleInfo("SCN206", "while-loop-body-returns-pair", "lax.while_loop body returns (val, None) like a scan body", _CONTRACT, "WhileLoopBodyReturnsPair", FixSafety.SOMETIMES),
    RuleInfo("SCN207", "carry-structure-drift", "loop carry changes pytree structure between input and output", _CONTRACT, "CarryStructureDrift"),
    RuleInfo("SCN208", "while-cond-not-scalar-bool", "lax.while_loop cond_fun does not return a boolean scalar", _CONTRACT, "WhileCondNotScalarBool"),
    RuleInfo("SCN301", "array-in-aux-data", "array in the aux_data of a custom pytree flatten function", _METADATA, "ArrayInAuxData"),
    RuleInfo("SCN302", "array-in-static-field", "array in a static pytree field (pytree_node=False, static=True, meta_fields)", _METADATA, "ArrayInStaticField"),
    RuleInfo("SCN303", "array-as-static-argument", "array passed as a jax.jit static argument", _METADATA, "ArrayAsStaticArgument"),
)  # fmt: skip

# Diagnostics that are not rules but share the reporting pipeline. They cannot be disabled.
BUILTIN_CODES = {
    SYNTAX_ERROR: ("syntax-error", "the file does not parse or cannot be decoded"),
    INTERNAL_ERROR: ("internal-error", "a rule crashed on this file"),
    READ_ERROR: ("read-error", "the file could not be read"),
}

BY_CODE: dict[str, RuleInfo] = {rule.code: rule for rule in RULES}
BY_NAME: dict[str, RuleInfo] = {rule.name: rule for rule in RULES}

# Reported only by `scanlint trace` and `pytest --scanlint-trace`, while the code runs; noqa
# comments accept them, `scanlint rules` lists them and `scanlint explain` documents them.
RUNTIME_BY_CODE: dict[str, RuntimeCode] = {code.code: code for code in RUNTIME_CODES}
RUNTIME_BY_NAME: dict[str, RuntimeCode] = {code.name: code for code in RUNTIME_CODES}


class UnknownSelector(ValueError):
    def __init__(self, selector: str) -> None:
        super().__init__(selector)
        self.selector = selector


def expand(selector: str) -> set[str]:
    """Codes matched by a selector: `ALL`, a code, a code prefix (`SCN2`, `SCN`), or a rule name."""
    text = selector.strip()
    if text.upper() == "ALL":
        return set(BY_CODE)
    if text in BY_NAME:
        return {BY_NAME[text].code}
    upper = text.upper()
    matched = {code for code in BY_CODE if code.startswith(upper)}
    if matched:
        return matched
    if upper in BUILTIN_CODES or (upper.startswith("SCN") and "SCN00".startswith(upper)):
        return set()  # built-in diagnostics: always on, accepted so configs can name them
    raise UnknownSelector(selector)


def code_for(selector: str) -> str | None:
    """The code a single suppression word names (a code or a rule name, static or runtime), or None."""
    if selector in BY_NAME:
        return BY_NAME[selector].code
    if selector in RUNTIME_BY_NAME:
        return RUNTIME_BY_NAME[selector].code
    upper = selector.upper()
    if upper in BY_CODE or upper in BUILTIN_CODES or upper in RUNTIME_BY_CODE:
        return upper
    return None


def default_codes() -> set[str]:
    return {rule.code for rule in RULES if rule.enabled_by_default}


def is_known_code_or_prefix(word: str) -> bool:
    """Whether a `# noqa` word names something scanlint reports: a code or a prefix of one (static
    rules, built-in diagnostics and runtime codes), or a rule name."""
    if code_for(word) is not None:
        return True
    upper = word.upper()
    return any(code.startswith(upper) for code in (*BY_CODE, *BUILTIN_CODES, *RUNTIME_BY_CODE))
