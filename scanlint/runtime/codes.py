"""The codes only the runtime companion reports: problems seen while the code ran that no static
rule flagged. They share the `Finding` model and the reporters with the static rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuntimeCode:
    code: str
    name: str
    summary: str


RUNTIME_CARRY_MISMATCH = RuntimeCode(
    "SCN901",
    "runtime-carry-mismatch",
    "a loop body's output carry differs from its input carry (pytree structure, shape or dtype)",
)
RUNTIME_BODY_NOT_PAIR = RuntimeCode(
    "SCN902",
    "runtime-body-not-pair",
    "a lax.scan body returned something other than a (carry, out) pair",
)
WEAK_TYPE_CARRY_RECOMPILE = RuntimeCode(
    "SCN903",
    "weak-type-carry-recompile",
    "a weakly typed carry init comes back strongly typed: a jitted caller that loops over its own "
    "output compiles twice; give the init a dtype",
)
UNEXPECTED_RECOMPILE = RuntimeCode(
    "SCN904",
    "unexpected-recompile",
    "a jitted function compiled again for inputs of the same structure, shapes and dtypes",
)

FLAX_RNG_DRAWN_ONCE = RuntimeCode(
    "SCN905",
    "runtime-rng-drawn-once",
    "a Flax make_rng key was drawn while a raw loop body was traced (also through a helper): the "
    "same key for every step unless the body folds it with the step (a warning)",
)
FLAX_VARIABLE_IN_BODY = RuntimeCode(
    "SCN906",
    "runtime-flax-variable-in-body",
    "a Flax parameter or variable was created while a raw loop body was traced: it holds the loop's tracers",
)

RUNTIME_CODES: tuple[RuntimeCode, ...] = (
    RUNTIME_CARRY_MISMATCH,
    RUNTIME_BODY_NOT_PAIR,
    WEAK_TYPE_CARRY_RECOMPILE,
    UNEXPECTED_RECOMPILE,
    FLAX_RNG_DRAWN_ONCE,
    FLAX_VARIABLE_IN_BODY,
)
