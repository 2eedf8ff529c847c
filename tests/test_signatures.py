"""The signature table of JAX functions: regenerated with the installed JAX it must equal the stored
file, and the loader must answer what JAX does."""

from __future__ import annotations

import difflib
import json
import subprocess
import sys

import pytest

from scanlint.analysis.signatures import generate, load


@pytest.fixture(scope="module")
def off():
    return load(x64=False)


@pytest.fixture(scope="module")
def on():
    return load(x64=True)


# --- the loader, without JAX -------------------------------------------------------------------


def test_loading_the_table_does_not_import_jax() -> None:
    probe = "import sys; from scanlint.analysis.signatures import load; load(); load(True); print('jax' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "False"


def test_the_settings(off, on) -> None:
    assert (off.float_default, off.int_default, on.float_default, on.int_default) == ("float32", "int32", "float64", "int64")
    assert off.canonical["int64"] == "int32" and off.canonical["float64"] == "float32" and on.canonical["int64"] == "int64"
    assert off.python_scalars == {"bool": "bool", "int": "~int32", "float": "~float32", "complex": "~complex64"}
    assert on.python_scalars["float"] == "~float64"
    assert "float64" not in off.promotion and "~float64" in on.promotion


def test_promotion(off, on) -> None:
    # an integer array with a Python float gives a weak float in JAX (not a strong float32)
    assert off.promote("int32", "~float32") == "~float32"
    assert off.promote("float32", "~float32") == "float32"
    assert off.promote("bfloat16", "float16") == "float32"
    assert off.promote("uint8", "~int32") == "uint8"
    assert off.promote("int64", "float64") == "float32"  # canonicalized first
    assert on.promote("int32", "~float64") == "~float64"
    assert on.promote("int64", "uint64") == "~float64"  # JAX: i64 + u64 is a weak float
    for table in (off, on):
        for a, row in table.promotion.items():
            assert row.keys() == table.promotion.keys()
            assert all(table.promotion[b][a] == result for b, result in row.items())


def test_elementwise(off, on) -> None:
    sin = off.function("jax.numpy.sin")
    assert sin.operands == (0,) and sin.shape == "same" and sin.returns == "array"
    assert sin.result_dtype("int32") == "float32" and sin.result_dtype("~int32") == "~float32"
    assert on.function("jax.numpy.sin").result_dtype("int64") == "float64"
    assert off.function("jax.numpy.add").shape == "broadcast"
    assert off.function("jax.numpy.isnan").result_dtype("float32") == "bool"
    where = off.function("jax.numpy.where")
    assert where.operands == (1, 2)
    assert where.result_dtype(off.promote("int32", "~float32")) == "~float32"


def test_reductions(off) -> None:
    total = off.function("jax.numpy.sum")
    assert total.shape == "reduce" and total.axis_position == 1 and total.dtype_keyword == "dtype"
    assert total.operand_keywords == ("a",)
    assert total.result_dtype("int8") == "int32" and total.result_dtype("bool") == "int32"
    assert off.function("jax.numpy.mean").result_dtype("int32") == "float32"
    assert off.function("jax.numpy.argmax").result_dtype("float32") == "int32"
    assert off.function("jax.numpy.argmax").shape == "reduce"


def test_creation_and_random(off) -> None:
    zeros = off.function("jax.numpy.zeros")
    assert (zeros.operands, zeros.shape, zeros.shape_position, zeros.dtype_keyword) == ((), "creation", 0, "dtype")
    assert zeros.result_dtype("") == "float32"
    normal = off.function("jax.random.normal")
    assert (normal.shape, normal.shape_position, normal.result_dtype("")) == ("creation", 1, "float32")
    assert off.function("jax.random.randint").result_dtype("") == "int32"
    assert off.function("jax.random.split").returns == "array"
    assert off.function("jax.numpy.linalg.eigh").returns == "tuple"
    one_hot = off.function("jax.nn.one_hot")
    assert (one_hot.shape, one_hot.result_dtype("int32")) == ("new_axis_last", "float32")


# --- against the installed JAX -----------------------------------------------------------------


@pytest.mark.runtime
def test_the_hand_checked_cases_agree_with_jax(off) -> None:
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    S = jax.ShapeDtypeStruct

    mean = jax.eval_shape(lambda x: jnp.mean(x, axis=0), S((2, 3), jnp.int32))
    assert (str(mean.dtype), mean.ndim) == (off.function("jax.numpy.mean").result_dtype("int32"), 1)
    chosen = jax.eval_shape(lambda c, x: jnp.where(c, x, 0.5), S((3,), jnp.bool_), S((3,), jnp.int32))
    assert generate.dtype_string(chosen) == off.function("jax.numpy.where").result_dtype(off.promote("int32", "~float32"))
    biggest = jax.eval_shape(lambda x: jnp.maximum(x, 0.5), S((3,), jnp.int32))
    assert generate.dtype_string(biggest) == off.function("jax.numpy.maximum").result_dtype(off.promote("int32", "~float32"))
    hot = jax.eval_shape(lambda x: jax.nn.one_hot(x, 4), S((3,), jnp.int32))
    assert (generate.dtype_string(hot), hot.shape) == (off.function("jax.nn.one_hot").result_dtype("int32"), (3, 4))


def test_the_stored_table_was_made_with_the_installed_jax() -> None:
    jax = pytest.importorskip("jax")
    assert json.loads(generate.DATA_FILE.read_text())["jax_version"] == jax.__version__, (
        "jax_signatures.json was made with another JAX; regenerate it with\n"
        "  python -m scanlint.analysis.signatures.generate"
    )


@pytest.mark.runtime
@pytest.mark.slow
@pytest.mark.parametrize("setting", generate.X64_SETTINGS)
def test_the_stored_table_is_what_the_installed_jax_gives(setting: str) -> None:
    pytest.importorskip("jax")
    stored = generate.dumps(json.loads(generate.DATA_FILE.read_text())["tables"][setting])
    fresh = generate.dumps(generate.table_of(setting, generate.start_table_child(setting)))
    if fresh != stored:
        diff = "".join(difflib.unified_diff(stored.splitlines(True), fresh.splitlines(True), "stored", "installed jax", n=1))
        pytest.fail(
            f"the {setting} table in jax_signatures.json differs from what the installed JAX gives; regenerate it with\n"
            "  python -m scanlint.analysis.signatures.generate\n" + diff[:20000]
        )
