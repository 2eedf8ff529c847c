"""The codes only the runtime companion reports: problems seen while the code ran that no static
rule flagged. They share the `Finding` model and the reporters with the static rules.

This module imports nothing heavy: `scanlint rules` and `scanlint explain` list and document
these codes without JAX."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuntimeCode:
    code: str
    name: str
    summary: str
    description: str = ""  # the rule page: what is seen, why it matters, where it is located
    severity: str = "error"  # "warning": reported apart, never changes the exit status


RUNTIME_CARRY_MISMATCH = RuntimeCode(
    "SCN901",
    "runtime-carry-mismatch",
    "a loop body's output carry differs from its input carry (pytree structure, shape or dtype)",
    description=(
        "While the target ran, a raw `lax.scan`, `fori_loop` or `while_loop` body returned a carry\n"
        "whose pytree structure, shape or dtype differs from the carry it was given, leaf by leaf\n"
        "(`carry['h']: int32[3] -> float32[3]`). JAX rejects such a loop when it traces it; under\n"
        "`jax.disable_jit()`, where JAX checks nothing, every step is compared with the carry the loop\n"
        "started from, so the drift is caught there too. Make the body return the carry with the\n"
        "init's structure, shapes and dtypes (cast with `astype`, or give the init the dtype the body\n"
        "computes). Located at the body's `def` line."
    ),
)
RUNTIME_BODY_NOT_PAIR = RuntimeCode(
    "SCN902",
    "runtime-body-not-pair",
    "a lax.scan body returned something other than a (carry, out) pair",
    description=(
        "While the target ran, a raw `lax.scan` body returned something other than a `(carry, out)`\n"
        "pair, which JAX rejects with `TypeError: scan body output must be a pair`. Return\n"
        "`carry, None` when there is no per-step output. Located at the body's `def` line; the\n"
        "static rule SCN201 flags the same mistake before the code runs when the source shows it."
    ),
)
WEAK_TYPE_CARRY_RECOMPILE = RuntimeCode(
    "SCN903",
    "weak-type-carry-recompile",
    "a weakly typed carry init comes back strongly typed: a jitted caller that loops over its own "
    "output compiles twice; give the init a dtype",
    description=(
        "A loop's init was weakly typed (a Python scalar such as `0.0`, or a value derived from one)\n"
        "and the loop returned it strongly typed. The program works, but a jitted function that feeds\n"
        "the loop's result back in as the next init sees a new input type and compiles a second\n"
        "time. Give the init a dtype: `jnp.zeros((), jnp.float32)` instead of `0.0`. An advisory\n"
        "warning, located at the loop call: counted apart and never changes the exit status."
    ),
    severity="warning",
)
UNEXPECTED_RECOMPILE = RuntimeCode(
    "SCN904",
    "unexpected-recompile",
    "a jitted function compiled again for inputs of the same structure, shapes and dtypes",
    description=(
        "A jitted function compiled again although its inputs kept their pytree structure, shapes\n"
        "and dtypes: only a weak type or an array in static metadata changed, or a wrapper made anew\n"
        "(`jax.jit(f)` or `jax.jit(model.apply)` inside a loop, a fresh lambda or `partial` per step)\n"
        "compiled again for the same function and arguments. Each compile costs time the program\n"
        "need not spend. The message names the argument and the change; jit once outside the loop,\n"
        "give weakly typed values a dtype, and keep arrays out of static metadata. Located at the\n"
        "jitted function."
    ),
)

FLAX_RNG_DRAWN_ONCE = RuntimeCode(
    "SCN905",
    "runtime-rng-drawn-once",
    "a Flax make_rng key was drawn while a raw loop body was traced (also through a helper): the "
    "same key for every step unless the body folds it with the step (a warning)",
    description=(
        "A Flax `make_rng` was called while a raw loop body was being traced (directly or through a\n"
        "helper). Tracing happens once, so the key is drawn once for all steps: every step gets the\n"
        "same randomness unless the body folds the key with the step (`jax.random.fold_in(key, t)`),\n"
        "which the runtime does not follow, hence a warning. Use `nn.scan` with `split_rngs`, or pass\n"
        "per-step keys in `xs`. Located at the draw; the static rule SCN103 is its counterpart."
    ),
    severity="warning",
)
FLAX_VARIABLE_IN_BODY = RuntimeCode(
    "SCN906",
    "runtime-flax-variable-in-body",
    "a Flax parameter or variable was created while a raw loop body was traced: it holds the loop's tracers",
    description=(
        "A Flax parameter or variable was created while a raw loop body was being traced: its value\n"
        "holds the loop's tracers, and `apply` later fails with `UnexpectedTracerError`. Create the\n"
        "variable outside the loop (in `setup`, or before the `lax.scan` call), or use `nn.scan`.\n"
        "Located at the body's `def` line; the static rule SCN102 is its counterpart."
    ),
)

RUNTIME_CODES: tuple[RuntimeCode, ...] = (
    RUNTIME_CARRY_MISMATCH,
    RUNTIME_BODY_NOT_PAIR,
    WEAK_TYPE_CARRY_RECOMPILE,
    UNEXPECTED_RECOMPILE,
    FLAX_RNG_DRAWN_ONCE,
    FLAX_VARIABLE_IN_BODY,
)
