"""Every static-metadata case program's header matches what real JAX does when the program runs.

The programs live in tests/metadata_cases/dev/ (the development set) and bench/metadata_heldout/
(the measurement set); tests/metadata_cases/label.py runs each `main()` in a fresh process and
derives its label from the exception JAX raises, if any, or from whether a jitted function was
compiled again and again for unchanged argument shapes and dtypes."""

from __future__ import annotations

import pytest

from helpers import REPO
from metadata_cases import label

pytest.importorskip("jax")
pytest.importorskip("flax")
pytest.importorskip("equinox")
pytest.importorskip("chex")

pytestmark = [pytest.mark.runtime, pytest.mark.slow]

PROGRAMS = label.programs()


@pytest.fixture(scope="module")
def runner():
    with label.Runner() as runner:
        yield runner


def test_both_sets_are_present() -> None:
    for directory in label.DIRECTORIES:
        assert len(list(directory.glob("*.py"))) >= 40, directory


def test_no_program_is_in_both_sets() -> None:
    dev, heldout = ({p.name for p in directory.glob("*.py")} for directory in label.DIRECTORIES)
    assert dev & heldout == set()


def test_every_label_is_in_both_sets() -> None:
    for directory in label.DIRECTORIES:
        present = {label.read_header(path).label for path in directory.glob("*.py")}
        assert present == set(label.LABELS), directory


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: str(p.relative_to(REPO)))
def test_header_matches_jax(path, runner) -> None:
    outcome = runner.run(path)
    assert label.mismatches(path, outcome) == []


@pytest.mark.parametrize(
    ("exc_type", "message", "recompiled", "expected"),
    [
        (None, None, False, "ok"),
        (None, None, True, "recompiles"),
        ("ValueError", "Exception raised while checking equality of metadata fields of pytree. Make sure that "
         "metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as "
         "metadata fields!)", False, "metadata-error"),
        ("ValueError", "Non-hashable static arguments are not supported. An error occurred while trying to hash an "
         "object of type <class 'jaxlib._jax.ArrayImpl'>, 1.0. The error was:\nTypeError: unhashable type: "
         "'ArrayImpl'", False, "metadata-error"),
        ("ValueError", "Non-hashable static arguments are not supported. An error occurred while trying to hash an "
         "object of type <class 'list'>, [4, 2]. The error was:\nTypeError: unhashable type: 'list'", False,
         "metadata-error"),
        ("ValueError", "static arguments should be comparable using __eq__.The following error was raised when "
         "comparing two objects of types <class 'tuple'> and <class 'tuple'>. The error was:", False,
         "metadata-error"),
        ("ValueError", "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
         False, "metadata-error"),
        ("TypeError", "unhashable type: 'ArrayImpl'", False, "metadata-error"),
        ("TypeError", "unhashable type: 'list'", False, "metadata-error"),
        ("ValueError", "too many values to unpack (expected 2)", False, "other"),
        ("TypeError", "unsupported operand type(s) for +: 'int' and 'NoneType'", False, "other"),
        ("UnexpectedTracerError", "Encountered an unexpected tracer.", False, "other"),
    ],
)
def test_classify(exc_type, message, recompiled, expected) -> None:
    assert label.classify(exc_type, message, recompiled) == expected


def _compiled(name: str, line: int, avals: str, first: bool = False) -> list[str]:
    """The "jax" logger's records for one compilation of the function `name` defined at line `line`."""
    if first:
        miss = (f"TRACING CACHE MISS at /p/case.py:30:4 (main):\n  never seen function:\n"
                f"    {name} id=1 defined at /p/case.py:{line}")
    else:
        miss = (f"TRACING CACHE MISS at /p/case.py:30:4 (main):\n  for {name} defined at /p/case.py:{line}\n"
                "  all previously seen cache keys differ.")
    compiling = f"Compiling jit({name}) with global shapes and types ({avals},). Argument mapping: (UnspecifiedValue,)."
    return [miss, f"Finished tracing {name} for jit in 0.001 sec", compiling]


def test_recompilations_count_compilations_of_one_function_for_the_same_input_types() -> None:
    same = "ShapedArray(float32[3])"
    three = _compiled("step", 10, same, first=True) + _compiled("step", 10, same) + _compiled("step", 10, same)
    assert label.recompilations(three) == ["step (defined at /p/case.py:10)"]
    assert label.recompilations(three[:6]) == []  # twice: a function specialised on two settings


def test_recompilations_ignore_new_shapes_other_functions_and_eager_primitives() -> None:
    new_shapes = [record for n in (2, 3, 4) for record in _compiled("step", 10, f"ShapedArray(float32[{n}])")]
    namesakes = [record for line in (10, 20, 30) for record in _compiled("step", line, "ShapedArray(float32[3])")]
    eager = ["Compiling jit(broadcast_in_dim) with global shapes and types (ShapedArray(float32[]),). "
             "Argument mapping: (UnspecifiedValue,)."] * 3
    assert label.recompilations(new_shapes) == []
    assert label.recompilations(namesakes) == []
    assert label.recompilations(eager) == []
