"""Hypothesis strategies for JAX pytrees, and the two property checks built on them.

- `pytrees_like(example)`: same pytree structure and leaf types (shape, dtype, weak type), new
  values. Metadata (aux_data) holding arrays is copied into new, equal arrays, as happens when a
  program builds a fresh object per call.
- `carries_like(example)`: `jax.ShapeDtypeStruct` trees of the same structure whose shapes and
  dtypes vary within a family: every distinct dimension size of the example is renamed
  consistently (so `h: [H]` and `W: [H, H]` stay compatible) and every distinct dtype is swapped
  for one of its kind (float32 -> float16, bfloat16, ...).
- `assert_compiles_once(fn, example_args)`: fresh values of the same structure never recompile.
- `check_carry_invariant(body, carry_example, x_example)`: the body keeps its carry's type for
  every carry in the family, checked with `jax.eval_shape` (no XLA compile).

Both checks are deterministic, so Hypothesis can shrink and replay a failure: counting compiles
across examples is not (the failing example compiles, its replay hits the cache). Instead the
compile check calls the warmed-up function under `jax.no_tracing(True)`, which fails on any retrace
every time, and compares argument signatures. Both run derandomized, with no example database.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from scanlint.findings import Finding, Severity
from scanlint.runtime.avals import (
    LeafChange,
    compare_typed,
    describe_typed,
    leaf_type,
    typed_leaves,
)
from scanlint.runtime.codes import (
    RUNTIME_BODY_NOT_PAIR,
    RUNTIME_CARRY_MISMATCH,
    UNEXPECTED_RECOMPILE,
)
from scanlint.runtime.compiles import (
    CountedFunction,
    _CacheKey,
    _differences,
    _signature,
    _static_spec,
)
from scanlint.runtime.locations import function_location

FLOAT_FAMILY = ("float32", "float16", "bfloat16")
SIGNED_FAMILY = ("int32", "int16", "int8")
UNSIGNED_FAMILY = ("uint32", "uint8")


def deterministic_settings(max_examples: int) -> settings:
    return settings(
        database=None,
        derandomize=True,
        deadline=None,
        max_examples=max_examples,
        print_blob=False,
        suppress_health_check=list(HealthCheck),
    )


# --- strategies ---------------------------------------------------------------------------------


def pytrees_like(example: Any) -> st.SearchStrategy[Any]:
    """Pytrees with the structure and leaf types of `example` and newly drawn values.

    Jax arrays stay jax arrays of the same dtype (weakly typed ones stay weak, filled with one drawn
    Python scalar), numpy arrays stay numpy, Python scalars stay Python scalars of the same type.
    Floats are finite and within +-1000 so user numerics stay meaningful. PRNG key arrays and other
    leaves are kept as they are.
    """
    leaves, treedef = jax.tree_util.tree_flatten(example)
    parts = [_values_like(leaf) for leaf in leaves]
    fresh_def = st.builds(lambda: _with_fresh_metadata(treedef))
    return st.tuples(fresh_def, st.tuples(*parts)).map(lambda drawn: drawn[0].unflatten(list(drawn[1])))


def _values_like(leaf: Any) -> st.SearchStrategy[Any]:
    if isinstance(leaf, bool):
        return st.booleans()
    if isinstance(leaf, int):
        return st.integers(-(2**15), 2**15)
    if isinstance(leaf, float):
        return st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False, width=32)
    if isinstance(leaf, (np.ndarray, np.generic)):
        arrays = hnp.arrays(leaf.dtype, np.shape(leaf), elements=_elements(leaf.dtype))
        return arrays if isinstance(leaf, np.ndarray) else arrays.map(lambda a: leaf.dtype.type(a))
    if isinstance(leaf, jax.Array):
        dtype = leaf.dtype
        if jnp.issubdtype(dtype, jax.dtypes.prng_key):
            return st.just(leaf)
        if jax.typeof(leaf).weak_type:
            scalar = st.floats(-1e3, 1e3, allow_nan=False, width=32) if jnp.issubdtype(dtype, jnp.floating) else (
                st.integers(-(2**15), 2**15) if jnp.issubdtype(dtype, jnp.integer) else st.booleans()
            )  # fmt: skip
            return scalar.map(lambda v: jnp.full(leaf.shape, v))
        source = np.dtype("float32") if dtype == jnp.bfloat16 else np.dtype(dtype)
        return hnp.arrays(source, leaf.shape, elements=_elements(source)).map(lambda a: jnp.asarray(a, dtype=dtype))
    return st.just(leaf)


def _elements(dtype: np.dtype) -> st.SearchStrategy[Any]:
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False, width=min(dtype.itemsize * 8, 64))
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return st.integers(max(int(info.min), -(2**15)), min(int(info.max), 2**15))
    if dtype.kind == "b":
        return st.booleans()
    return hnp.from_dtype(dtype)


def _with_fresh_metadata(treedef: Any) -> Any:
    """The same treedef with array-valued metadata replaced by equal copies (new objects)."""
    if not _metadata_has_arrays(treedef):
        return treedef
    node_data = treedef.node_data()
    children = [_with_fresh_metadata(child) for child in treedef.children()]
    if node_data is not None:
        node_data = (node_data[0], copy.deepcopy(node_data[1]))
    return jax.tree_util.PyTreeDef.from_node_data_and_children(jax.tree_util.default_registry, node_data, children)


def _metadata_has_arrays(treedef: Any) -> bool:
    node_data = treedef.node_data()
    if node_data is not None and _contains_array(node_data[1]):
        return True
    return any(_metadata_has_arrays(child) for child in treedef.children())


def _contains_array(value: Any) -> bool:
    if isinstance(value, (np.ndarray, jax.Array)):
        return True
    if isinstance(value, (tuple, list)):
        return any(_contains_array(v) for v in value)
    if isinstance(value, dict):
        return any(_contains_array(v) for v in value.values())
    return False


def _family(name: str) -> tuple[str, ...]:
    dtype = jnp.dtype(name)
    if jnp.issubdtype(dtype, jnp.floating):
        return FLOAT_FAMILY
    if jnp.issubdtype(dtype, jnp.signedinteger):
        return SIGNED_FAMILY
    if jnp.issubdtype(dtype, jnp.unsignedinteger):
        return UNSIGNED_FAMILY
    return (name,)


def carries_like(
    example: Any,
    *,
    dtypes: Sequence[Any] | None = None,
    vary_shapes: bool = True,
    max_side: int = 6,
    vary_dtypes: bool = True,
) -> st.SearchStrategy[Any]:
    """`ShapeDtypeStruct` pytrees shaped like `example`, varied within a family.

    Each distinct dimension size (other than 0 and 1) becomes a drawn size in 2..max_side, the same
    everywhere it occurs; each distinct dtype becomes one drawn from its kind's family, or from
    `dtypes` for floating leaves when given (none when `vary_dtypes` is False). Weak types are kept
    from the example. The first family member is the example's own dtype, so shrinking ends at the
    example's types where it can.
    """
    leaves, treedef = jax.tree_util.tree_flatten(example)
    kinds = [leaf_type(leaf) for leaf in leaves]
    sizes = sorted({d for kind in kinds for d in kind.shape if isinstance(d, int) and d > 1})
    own_dtypes = list(dict.fromkeys(kind.dtype for kind in kinds))

    def choices(name: str) -> list[str]:
        if not vary_dtypes:
            return [name]
        if dtypes is not None and jnp.issubdtype(jnp.dtype(name), jnp.floating):
            family = [jnp.dtype(d).name for d in dtypes]
        else:
            family = list(_family(name))
        return [name] + [d for d in family if d != name] if name in family else family

    size_strategy = (
        st.fixed_dictionaries({d: st.integers(2, max(2, max_side)) for d in sizes}) if vary_shapes else st.just({})
    )
    dtype_strategy = st.fixed_dictionaries({name: st.sampled_from(choices(name)) for name in own_dtypes})

    def build(drawn: tuple[dict[int, int], dict[str, str]]) -> Any:
        renamed_sizes, renamed_dtypes = drawn
        specs = [
            jax.ShapeDtypeStruct(
                tuple(renamed_sizes.get(d, d) for d in kind.shape),
                jnp.dtype(renamed_dtypes[kind.dtype]),
                weak_type=kind.weak,
            )
            for kind in kinds
        ]
        return treedef.unflatten(specs)

    return st.tuples(size_strategy, dtype_strategy).map(build)


def specs_of(tree: Any) -> Any:
    """The `ShapeDtypeStruct` pytree of `tree` (weak types kept)."""

    def spec(leaf: Any) -> Any:
        kind = leaf_type(leaf)
        return jax.ShapeDtypeStruct(kind.shape, jnp.dtype(kind.dtype), weak_type=kind.weak)

    return jax.tree_util.tree_map(spec, tree)


# --- carry invariance -----------------------------------------------------------------------------


class CarryNotInvariant(AssertionError):
    """A scan body changed its carry's type (or broke the pair contract) for some carry. Carries
    the shrunk counterexample and a located finding."""

    def __init__(self, message: str, counterexample: Any, changes: list[LeafChange], finding: Finding) -> None:
        super().__init__(message)
        self.counterexample = counterexample
        self.changes = changes
        self.finding = finding


class _Violation(Exception):
    def __init__(self, problem: str, changes: list[LeafChange], specs: Any) -> None:
        super().__init__(problem)
        self.problem, self.changes, self.specs = problem, changes, specs


def _carry_problem(
    body: Callable[..., Any], carry: Any, x: Any, strict_weak_types: bool
) -> tuple[str, list[LeafChange], bool] | None:
    """What is wrong with the body for this carry, the changed leaves, and whether the body raised."""
    try:
        out = jax.eval_shape(body, carry, x)
    except Exception as error:
        return f"the body raised {type(error).__name__}: {str(error).splitlines()[0][:200]}", [], True
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        return f"the body returned {describe_typed(*typed_leaves(out))}, not a (carry, out) pair", [], False
    changes = compare_typed("carry", *typed_leaves(carry), *typed_leaves(out[0]))
    if not strict_weak_types:
        changes = [c for c in changes if c.kind != "weak-type"]
    if changes:
        return "; ".join(str(c) for c in changes), changes, False
    return None


def check_carry_invariant(
    body: Callable[..., Any],
    carry_example: Any,
    x_example: Any,
    *,
    max_examples: int = 40,
    dtypes: Sequence[Any] | None = None,
    vary_shapes: bool = True,
    strict_weak_types: bool = False,
) -> None:
    """Check that `body(carry, x)` returns `(carry', y)` with `carry'` of the carry's exact type
    (pytree structure, shapes, dtypes) for the example and for every carry drawn by
    `carries_like((carry_example, x_example))`. Only `jax.eval_shape` runs: no XLA compile, no data.

    By default the drawn carries keep the example's dtypes and vary its sizes. A drawn carry the
    body rejects with an error (a size tied to a closed-over weight) is not a counterexample: the
    program never scans such a carry. Pass `dtypes` to also try other floating dtypes; a body whose
    float32 weights promote a float16 carry then fails, as `lax.scan` would with that carry.
    Weak types are judged as `lax.scan` judges them (ignored) unless `strict_weak_types`.
    Raises `CarryNotInvariant` with the shrunk counterexample; returns None when the body holds.
    """
    location = function_location(body)

    def fail(problem: str, changes: list[LeafChange], specs: Any) -> CarryNotInvariant:
        carry, x = specs
        where = f"carry={describe_typed(*typed_leaves(carry))}, x={describe_typed(*typed_leaves(x))}"
        message = f"{location.name} does not keep its carry type for {where}: {problem}"
        code = RUNTIME_CARRY_MISMATCH if changes or "raised" in problem else RUNTIME_BODY_NOT_PAIR
        finding = Finding(
            location.path, location.line, 1, location.line, 1, code.code, code.name, message, Severity.ERROR
        )
        return CarryNotInvariant(message, specs, changes, finding)

    example = (specs_of(carry_example), specs_of(x_example))
    problem = _carry_problem(body, *example, strict_weak_types)
    if problem is not None:
        raise fail(problem[0], problem[1], example)

    @deterministic_settings(max_examples)
    @given(carries_like((carry_example, x_example), dtypes=dtypes, vary_shapes=vary_shapes, vary_dtypes=dtypes is not None))
    def holds_for(specs: Any) -> None:
        found = _carry_problem(body, *specs, strict_weak_types)
        if found is not None and not found[2]:
            raise _Violation(found[0], found[1], specs)

    try:
        holds_for()
    except _Violation as violation:
        raise fail(violation.problem, violation.changes, violation.specs) from None


# --- compiles once --------------------------------------------------------------------------------


class RecompileError(AssertionError):
    """A jitted function retraced (or failed) for arguments of the example's structure and types.
    Carries the shrunk arguments' description, the reason and a located finding."""

    def __init__(self, message: str, reason: str, finding: Finding) -> None:
        super().__init__(message)
        self.reason = reason
        self.finding = finding


class _Retrace(Exception):
    def __init__(self, reason: str, described: str) -> None:
        super().__init__(reason)
        self.reason, self.described = reason, described


def assert_compiles_once(
    fn: Callable[..., Any],
    example_args: Sequence[Any],
    example_kwargs: dict[str, Any] | None = None,
    *,
    static_argnums: Sequence[int] = (),
    static_argnames: Sequence[str] = (),
    max_examples: int = 20,
) -> None:
    """Check that `fn` (jitted; a plain function is jitted here) compiles once for the example and
    never again for arguments with the example's structure and leaf types and new values drawn by
    `pytrees_like`. Static arguments (`static_argnums`/`static_argnames`, or those of the `jax.jit`
    call when `fn` was jitted under `count_compiles`) keep the example's values.

    Each drawn call runs under `jax.no_tracing(True)` after one warm-up call, so a retrace fails
    deterministically and Hypothesis can shrink it. Raises `RecompileError` naming the differing
    arguments, or the error the call raised (for example arrays in pytree metadata).
    """
    kwargs = dict(example_kwargs or {})
    jitted = fn if hasattr(fn, "lower") else jax.jit(fn, static_argnums=tuple(static_argnums), static_argnames=tuple(static_argnames))
    target = jitted._fun if isinstance(jitted, CountedFunction) else getattr(jitted, "__wrapped__", fn)
    names, static, static_names = _static_spec(target, {"static_argnums": tuple(static_argnums), "static_argnames": tuple(static_argnames)})
    if isinstance(jitted, CountedFunction):
        static |= jitted._static_argnums
        static_names |= jitted._static_argnames
    location = function_location(target)

    dynamic_positions = [i for i in range(len(example_args)) if i not in static and (i >= len(names) or names[i] not in static_names)]
    dynamic_names = [name for name in kwargs if name not in static_names]
    template = ([example_args[i] for i in dynamic_positions], {name: kwargs[name] for name in dynamic_names})
    example_scan = _signature(names, tuple(example_args), kwargs, static, static_names)
    example_key = _CacheKey(example_scan.entries, example_scan.passing, {})

    def assemble(drawn: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
        positional, keywords = drawn
        args = list(example_args)
        for position, value in zip(dynamic_positions, positional):
            args[position] = value
        return tuple(args), {**kwargs, **keywords}

    def fail(reason: str, described: str) -> RecompileError:
        message = f"{location.name} retraced for new argument values of the same structure: {reason} (arguments: {described})"
        finding = Finding(
            location.path, location.line, 1, location.line, 1,
            UNEXPECTED_RECOMPILE.code, UNEXPECTED_RECOMPILE.name, message, Severity.WARNING,
        )  # fmt: skip
        return RecompileError(message, reason, finding)

    try:
        jax.block_until_ready(jitted(*example_args, **kwargs))  # warm-up: the one allowed compile
    except ValueError as error:  # e.g. array metadata compared with an earlier call's
        signature = _signature(names, tuple(example_args), kwargs, static, static_names).entries
        raise fail(_error_reason(error), _describe(signature)) from None

    @deterministic_settings(max_examples)
    @given(pytrees_like(template))
    def never_retraces(drawn: Any) -> None:
        args, call_kwargs = assemble(drawn)
        scan = _signature(names, args, call_kwargs, static, static_names)
        described = _describe(scan.entries)
        try:
            with jax.no_tracing(True):
                jax.block_until_ready(jitted(*args, **call_kwargs))
        except RuntimeError as error:
            if "no_tracing" not in str(error) and "re-tracing" not in str(error):
                raise
            changes, _ = _differences(example_key, _CacheKey(scan.entries, scan.passing, {}))
            reason = "; ".join(changes) or "a retrace although every argument type matches the example"
            raise _Retrace(reason, described) from None
        except ValueError as error:
            raise _Retrace(_error_reason(error), described) from None

    try:
        never_retraces()
    except _Retrace as retrace:
        raise fail(retrace.reason, retrace.described) from None


def _describe(signature: dict[str, Any]) -> str:
    return ", ".join(f"{path}={entry.text}" for path, entry in signature.items() if entry.kind != "node")


def _error_reason(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}"
