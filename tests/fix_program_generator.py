"""Complete JAX/Flax programs for checking what fixes do to running code (tests/test_fix_semantics.py).

Each program prints its results and exits 0 when it works. Some crash in a way a fixable rule
claims (a scan body that is not a pair, a fori_loop/while_loop body returning `(val, None)`, a
Linen parameter created inside a scan body); others work, and are written so that a careless fix
would change what they print (a body shared with `functools.reduce`, a Python call or another
loop; a loop value that really is a `(value, None)` pair; a scan that runs only on some paths).
The same programs come in several styles (nested def, lambda, `functools.partial`, method,
staticmethod, several returns, `with` and `try` blocks, multi-line returns) and file formats
(CRLF, CR-only, tabs, BOM, coding cookies).

    python tests/fix_program_generator.py DIRECTORY   # writes every program, one file each
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from scanlint.registry import RULES

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@dataclass(frozen=True)
class FixProgram:
    """A program file's bytes and, when the file defines functions without running them, the
    expression whose value is printed after it is run (evaluated in its namespace)."""

    name: str
    data: bytes
    call: str | None = None


PRELUDE = '''\
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def show(value):
    print(jax.tree_util.tree_map(lambda leaf: np.round(np.asarray(leaf, dtype=np.float64), 4).tolist(), value))


'''

FLAX_PRELUDE = PRELUDE.replace("import numpy as np\n", "import flax.linen as nn\nimport numpy as np\n")

XS = "jnp.arange(1.0, 5.0)"


def _program(source: str) -> str:
    return PRELUDE + textwrap.dedent(source)


# --- scan bodies that return the carry alone (SCN201) -------------------------------------------

# Each style: the module-level code, the code at the start of `total(xs)` and the body argument.
SCAN_BODY_STYLES: dict[str, tuple[str, str, str]] = {
    "nested_def": (
        "",
        """\
        def step(carry, x):
            carry = carry + x
            return carry
        """,
        "step",
    ),
    "lambda": ("", "", "lambda carry, x: carry + x"),
    "partial": (
        "",
        """\
        def step(scale, carry, x):
            carry = carry + scale * x
            return carry
        """,
        "functools.partial(step, 2.0)",
    ),
    "method": (
        """\
        class Accumulator:
            def __init__(self, scale):
                self.scale = scale

            def step(self, carry, x):
                carry = carry + self.scale * x
                return carry


        """,
        "",
        "Accumulator(3.0).step",
    ),
    "staticmethod": (
        """\
        class Ops:
            @staticmethod
            def step(carry, x):
                carry = carry * 0.5 + x
                return carry


        """,
        "",
        "Ops.step",
    ),
    "module_level_def": (
        """\
        def step(carry, x):
            carry = carry - x
            return carry


        """,
        "",
        "step",
    ),
    "several_returns": (
        "",
        """\
        scale = float(xs.shape[0])

        def step(carry, x):
            if scale > 10.0:
                carry = carry * scale
                return carry
            elif scale > 2.0:
                carry = carry + scale * x
                return carry
            carry = carry + x
            return carry
        """,
        "step",
    ),
    "with_block": (
        "",
        """\
        def step(carry, x):
            with jax.named_scope("accumulate"):
                carry = carry + x * x
                return carry
        """,
        "step",
    ),
    "try_block": (
        "",
        """\
        def step(carry, x):
            try:
                carry = carry + x
            except ValueError:
                return carry
            finally:
                pass
            return carry
        """,
        "step",
    ),
    "multiline_return": (
        "",
        """\
        def step(carry, x):
            return (
                carry  # the running total
                + x  # this step
            )
        """,
        "step",
    ),
    "tuple_carry_returned_whole": (
        "",
        """\
        def step(carry, x):
            total, count = carry
            carry = total + x, count + 1.0
            return carry
        """,
        "step",
    ),
}

# How the scan's result is used: discarded stacked output (a safe fix) or kept (unsafe).
SCAN_CALL_SITES = {
    "discarded": """\
    final, _ = lax.scan({body}, {init}, xs)
    return final
""",
    "indexed": """\
    return lax.scan({body}, {init}, xs)[0]
""",
    "kept": """\
    final, stacked = lax.scan({body}, {init}, xs)
    return final, stacked
""",
}


def _scan_program(style: str, site: str) -> str:
    module_code, inner, body = SCAN_BODY_STYLES[style]
    init = "(0.0, 0.0)" if style == "tuple_carry_returned_whole" else "0.0"
    function = "def total(xs):\n" + textwrap.indent(textwrap.dedent(inner), "    ")
    function += SCAN_CALL_SITES[site].format(body=body, init=init)
    return PRELUDE + textwrap.dedent(module_code) + function + f"\n\nshow(total({XS}))\n"


def scan_body_programs() -> dict[str, str]:
    programs = {}
    for style in SCAN_BODY_STYLES:
        programs[f"scan_{style}_discarded"] = _scan_program(style, "discarded")
    for style in ("nested_def", "lambda", "method"):
        programs[f"scan_{style}_indexed"] = _scan_program(style, "indexed")
    for style in ("nested_def", "lambda", "several_returns"):
        programs[f"scan_{style}_kept"] = _scan_program(style, "kept")
    programs["scan_one_body_two_discarding_scans"] = _program(
        """\
        def step(carry, x):
            return carry + x


        def both(xs):
            first, _ = lax.scan(step, 0.0, xs)
            second = lax.scan(step, 1.0, xs)[0]
            return first, second


        show(both(jnp.arange(3.0)))
        """
    )
    return programs


def shared_scan_body_programs() -> dict[str, str]:
    """Bodies written for `reduce`, a Python call or another loop, also given to a scan that this
    run never reaches: the programs work, and making the body a pair would change them."""
    return {
        "shared_body_reduce_working": _program(
            """\
            def add(carry, x):
                return carry + x


            def scanned(xs):
                final, _ = lax.scan(add, 0.0, xs)
                return final


            show(functools.reduce(add, [1.0, 2.0, 3.0], 0.0))
            """
        ),
        "shared_body_python_call_working": _program(
            """\
            def total(xs, use_scan):
                def step(carry, x):
                    return carry * 2.0 + x

                if use_scan:
                    final, _ = lax.scan(step, 0.0, xs)
                    return final
                return step(1.0, xs[0])


            show(total(jnp.arange(1.0, 4.0), use_scan=False))
            """
        ),
        "shared_body_fori_loop_working": _program(
            """\
            def body(i, value):
                return value + i


            def scanned(xs):
                final, _ = lax.scan(body, 0, xs)
                return final


            show(lax.fori_loop(0, 4, body, 0))
            """
        ),
        "shared_body_other_function_working": _program(
            """\
            def add(carry, x):
                return carry + x


            def scanned(xs):
                return lax.scan(add, 0.0, xs)[0]


            def direct():
                return add(1.0, 2.0)


            show(direct())
            """
        ),
        "shared_lambda_variable_working": _program(
            """\
            add = lambda carry, x: carry + x


            def scanned(xs):
                final, _ = lax.scan(add, 0.0, xs)
                return final


            show(add(2.0, 3.0))
            """
        ),
        "shared_body_called_before_scan_crashing": _program(
            """\
            def total(xs):
                def step(carry, x):
                    return carry + x

                show(step(10.0, 1.0))
                final, _ = lax.scan(step, 0.0, xs)
                return final


            show(total(jnp.arange(3.0)))
            """
        ),
    }


# --- fori_loop and while_loop bodies that return `(val, None)` (SCN205, SCN206) -----------------

LOOP_VALUE_STYLES: dict[str, tuple[str, str, str]] = {
    "nested_def": (
        "",
        """\
        def body(i, value):
            return value * 2.0 + i, None
        """,
        "body",
    ),
    "lambda": ("", "", "lambda i, value: (value * 2.0 + i, None)"),
    "partial": (
        "",
        """\
        def body(scale, i, value):
            return value * scale, None
        """,
        "functools.partial(body, 3.0)",
    ),
    "method": (
        """\
        class Doubler:
            def body(self, i, value):
                return value * 2.0 - i, None


        """,
        "",
        "Doubler().body",
    ),
    "staticmethod": (
        """\
        class Ops:
            @staticmethod
            def body(i, value):
                return value + i * i, None


        """,
        "",
        "Ops.body",
    ),
    "several_returns": (
        "",
        """\
        def body(i, value):
            if n > 10:
                return value, None
            return value + 1.0, None
        """,
        "body",
    ),
    "with_block": (
        "",
        """\
        def body(i, value):
            with jax.named_scope("step"):
                value = value * 1.5
                return value, None
        """,
        "body",
    ),
    "try_block": (
        "",
        """\
        def body(i, value):
            try:
                value = value + 2.0
            finally:
                pass
            return value, None
        """,
        "body",
    ),
    "multiline_return": (
        "",
        """\
        def body(i, value):
            return (
                value * 2.0,  # the new value
                None,
            )
        """,
        "body",
    ),
}


def _fori_program(style: str, init: str = "1.0") -> str:
    module_code, inner, body = LOOP_VALUE_STYLES[style]
    function = "def run(n):\n" + textwrap.indent(textwrap.dedent(inner), "    ")
    function += f"    return lax.fori_loop(0, n, {body}, {init})\n"
    return PRELUDE + textwrap.dedent(module_code) + function + "\n\nshow(run(3))\n"


def _while_program(style: str) -> str:
    """The same bodies under `while_loop`: the loop value is a (counter, value) pair."""
    module_code, inner, body = LOOP_VALUE_STYLES[style]
    function = "def run(n):\n" + textwrap.indent(textwrap.dedent(inner), "    ")
    function += (
        "\n"
        "    def whole(state):\n"
        "        i, value = state\n"
        f"        new, _ = ({body})(i, value)\n"
        "        return (i + 1, new), None\n"
        "\n"
        "    return lax.while_loop(lambda state: state[0] < n, whole, (0, 1.0))\n"
    )
    return PRELUDE + textwrap.dedent(module_code) + function + "\n\nshow(run(3))\n"


def loop_value_programs() -> dict[str, str]:
    programs = {f"fori_{style}": _fori_program(style) for style in LOOP_VALUE_STYLES}
    programs["fori_tuple_carry_crashing"] = _program(
        """\
        def run(n):
            def body(i, state):
                total, count = state
                return (total + i, None)

            return lax.fori_loop(0, n, body, (0.0, 0.0))


        show(run(3))
        """
    )
    programs["fori_value_none_pair_literal_working"] = _fori_program("nested_def", init="(1.0, None)").replace(
        "return value * 2.0 + i, None", "value, _ = value\n        return value * 2.0 + i, None"
    )
    programs["fori_value_none_pair_variable_working"] = _program(
        """\
        def run(n):
            def body(i, state):
                value, _ = state
                return value + 2.0 * i, None

            init = (1.0, None)
            return lax.fori_loop(0, n, body, init)


        show(run(4))
        """
    )
    programs["fori_value_none_pair_parameter_working"] = _program(
        """\
        def run(n, init):
            def body(i, state):
                value, nothing = state
                return value + i, nothing

            return lax.fori_loop(0, n, body, init)


        def run_pair(n, init):
            def body(i, state):
                value, _ = state
                return value * 2.0, None

            return lax.fori_loop(0, n, body, init)


        show(run(3, (1.0, None)))
        show(run_pair(3, (1.0, None)))
        """
    )
    programs["fori_body_shared_with_python_call_working"] = _program(
        """\
        def body(i, state):
            value, _ = state
            return value + i, None


        def run(n):
            return lax.fori_loop(0, n, body, (1.0, None))


        show(body(5, (1.0, None)))
        show(run(4))
        """
    )
    programs["fori_body_shared_with_unreached_loop_working"] = _program(
        """\
        def body(i, value):
            return value + i, None


        def looped(n):
            return lax.fori_loop(0, n, body, 0.0)


        show(functools.reduce(lambda acc, i: body(i, acc[0]), range(4), (0.0, None)))
        """
    )
    programs["while_nested_def"] = _program(
        """\
        def halve(x):
            def body(value):
                return value / 2, None

            return lax.while_loop(lambda value: value > 1.0, body, jnp.float32(10.0))


        show(halve(10.0))
        """
    )
    programs["while_lambda_body"] = _program(
        """\
        def halve():
            return lax.while_loop(lambda value: value > 1.0, lambda value: (value / 2, None), 40.0)


        show(halve())
        """
    )
    programs["while_method_and_several_returns"] = _program(
        """\
        class Halver:
            def __init__(self, limit):
                self.limit = limit

            def body(self, value):
                if self.limit > 5.0:
                    return value / 4, None
                return value / 2, None

            def run(self):
                return lax.while_loop(lambda value: value > self.limit, self.body, 100.0)


        show(Halver(2.0).run())
        """
    )
    programs["while_tuple_state"] = _program(
        """\
        def count_down():
            def body(state):
                remaining, total = state
                return (remaining - 1, total + remaining), None

            return lax.while_loop(lambda state: state[0] > 0, body, (5, 0))


        show(count_down())
        """
    )
    programs["while_value_none_pair_working"] = _program(
        """\
        def halve(start):
            def body(state):
                value, nothing = state
                return value / 2, nothing

            def body_pair(state):
                value, _ = state
                return value / 2, None

            first = lax.while_loop(lambda state: state[0] > 1.0, body, (start, None))
            second = lax.while_loop(lambda state: state[0] > 1.0, body_pair, (jnp.float32(start), None))
            return first, second


        show(halve(10.0))
        """
    )
    programs["while_value_none_pair_parameter_working"] = _program(
        """\
        def halve(init):
            def body(state):
                value, _ = state
                return value / 2, None

            return lax.while_loop(lambda state: state[0] > 1.0, body, init)


        show(halve((10.0, None)))
        """
    )
    programs["while_value_none_pair_from_helper_working"] = _program(
        """\
        def start(value):
            return value, None


        def halve(value):
            def body(state):
                value, _ = state
                return value / 2, None

            return lax.while_loop(lambda state: state[0] > 1.0, body, start(value))


        show(halve(10.0))
        """
    )
    programs["while_own_style_is_a_scan_body"] = _while_program("nested_def")
    return programs


# --- Linen parameters created inside a scan body (SCN102) --------------------------------------

FLAX_DRIVER = """

model = Model()
xs = jnp.ones((3, 4))
variables = model.init(jax.random.PRNGKey(0), xs)
show(jax.tree_util.tree_map(jnp.shape, variables))
show(model.apply(variables, xs))
"""


def _flax(source: str) -> str:
    return FLAX_PRELUDE + textwrap.dedent(source) + FLAX_DRIVER


def linen_programs() -> dict[str, str]:
    return {
        "linen_param_nested_def": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4, 4))
                        return jnp.tanh(carry @ w + x), None

                    final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
        "linen_param_multiline_call": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param(
                            "w",
                            nn.initializers.ones,
                            (4,),
                        )
                        return carry * w + x, carry

                    return jax.lax.scan(step, jnp.zeros(4), xs)
            """
        ),
        "linen_variable_nested_def": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        scale = self.variable("constants", "scale", lambda: jnp.full((4,), 0.5))
                        return carry * scale.value + x, None

                    final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
        "linen_param_scan_in_for_loop": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    carry = jnp.zeros(4)
                    for layer in range(2):
                        def step(carry, x):
                            w = self.param(f"w{layer}", nn.initializers.ones, (4,))
                            return carry * w + x, None

                        carry, _ = jax.lax.scan(step, carry, xs)
                    return carry
            """
        ),
        "linen_param_scan_in_elif": _flax(
            """\
            class Model(nn.Module):
                mode: str = "scan"

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    if self.mode == "sum":
                        return xs.sum(0)
                    elif self.mode == "scan":
                        final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                        return final
                    return xs[0]
            """
        ),
        "linen_param_scan_in_elif_test_working": _flax(
            """\
            class Model(nn.Module):
                mode: str = "sum"

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    if self.mode == "sum":
                        return xs.sum(0)
                    elif jax.lax.scan(step, jnp.zeros(4), xs)[0].sum() > 0:
                        return xs[0]
                    return xs[1]
            """
        ),
        "linen_param_scan_in_with_block": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        bias = self.param("bias", nn.initializers.zeros, (4,))
                        return carry + x + bias, None

                    with jax.named_scope("recurrence"):
                        final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
        "linen_param_after_other_params": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    first = nn.Dense(4, kernel_init=nn.initializers.ones)(xs[0])

                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    final, _ = jax.lax.scan(step, first, xs)
                    return final
            """
        ),
        "linen_param_and_carry_alone_in_one_body": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        carry = carry * w + x
                        return carry

                    final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
        "linen_param_scan_not_taken_working": _flax(
            """\
            class Model(nn.Module):
                use_scan: bool = False

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    if self.use_scan:
                        final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                        return final
                    final, _ = step(jnp.zeros(4), xs[0])
                    return final
            """
        ),
        "linen_param_scan_in_conditional_expression_working": _flax(
            """\
            class Model(nn.Module):
                use_scan: bool = False

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    return jax.lax.scan(step, jnp.zeros(4), xs)[0] if self.use_scan else xs.sum(0)
            """
        ),
        "linen_param_scan_after_and_working": _flax(
            """\
            class Model(nn.Module):
                use_scan: bool = False

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, (4,))
                        return carry * w + x, None

                    done = self.use_scan and jax.lax.scan(step, jnp.zeros(4), xs)[0]
                    return xs.sum(0) if done is False else done
            """
        ),
        "linen_param_conditional_in_body": _flax(
            """\
            class Model(nn.Module):
                use_bias: bool = True

                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        if self.use_bias:
                            b = self.param("b", nn.initializers.zeros, (4,))
                            return carry + x + b, None
                        return carry + x, None

                    final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
        "linen_param_uses_step_value": _flax(
            """\
            class Model(nn.Module):
                @nn.compact
                def __call__(self, xs):
                    def step(carry, x):
                        w = self.param("w", nn.initializers.ones, x.shape)
                        return carry * w + x, None

                    final, _ = jax.lax.scan(step, jnp.zeros(4), xs)
                    return final
            """
        ),
    }


# --- file formats ------------------------------------------------------------------------------


def _crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode()


def _cr_only(text: str) -> bytes:
    return text.replace("\n", "\r").encode()


def _tabs(text: str) -> bytes:
    return text.replace("    ", "\t").encode()


def _bom(text: str) -> bytes:
    return b"\xef\xbb\xbf" + text.encode()


def _latin1_cookie(text: str) -> bytes:
    return ("# -*- coding: latin-1 -*-\n# d\xe9j\xe0 vu: the file is Latin-1\n" + text).encode("latin-1")


def _utf8_cookie(text: str) -> bytes:
    return ("# coding: utf-8\n# \u03bb-calculus: the file is UTF-8\n" + text).encode()


FORMATS = {"crlf": _crlf, "cr_only": _cr_only, "tabs": _tabs, "bom": _bom, "latin1_cookie": _latin1_cookie, "utf8_cookie": _utf8_cookie}

# The programs written again in every file format.
FORMATTED = ("scan_nested_def_discarded", "scan_multiline_return_discarded", "fori_nested_def", "fori_multiline_return", "linen_param_multiline_call")


def generated_programs() -> list[FixProgram]:
    texts = {
        **scan_body_programs(),
        **shared_scan_body_programs(),
        **loop_value_programs(),
        **linen_programs(),
    }
    programs = [FixProgram(name, text.encode()) for name, text in texts.items()]
    for name in FORMATTED:
        for label, encode in FORMATS.items():
            programs.append(FixProgram(f"{name}_{label}", encode(texts[name])))
    return programs


# --- the fixtures and the rules' BAD examples --------------------------------------------------

FIXTURE_CALLS = {"seed_flax.py": "lax_scan_in_module(0, jnp.ones(5), hidden=5, T=3)", "seed_pytree.py": "example(Params(jnp.ones(3), 7))"}


def fixture_programs() -> list[FixProgram]:
    return [
        FixProgram(f"fixture_{path.stem}", path.read_bytes(), FIXTURE_CALLS.get(path.name, "run()"))
        for path in sorted(FIXTURES.glob("*.py"))
    ]


# What runs a rule's BAD example; every example whose findings have a fix needs one.
EXAMPLE_CALLS = {
    "SCN102": "(lambda model, xs: model.apply(model.init(jax.random.PRNGKey(0), xs), xs))(ParamRNN(hidden=3), jax.numpy.ones((2, 3)))",
    "SCN201": "cumulative(__import__('jax').numpy.arange(4.0))",
    "SCN205": "power(2.0, 3)",
    "SCN206": "halve_until_small(__import__('jax').numpy.float32(10.0))",
}


def example_programs() -> list[FixProgram]:
    """The BAD example of each rule with a fix, and its GOOD example (which must keep working)."""
    return [
        FixProgram(f"example_{rule.code}_{kind.lower()}", getattr(rule.load(), kind).encode(), EXAMPLE_CALLS[rule.code])
        for rule in RULES
        if rule.code in EXAMPLE_CALLS
        for kind in ("BAD", "GOOD")
    ]


def all_programs() -> list[FixProgram]:
    return generated_programs() + fixture_programs() + example_programs()


def main() -> int:
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    for program in generated_programs():
        (directory / f"{program.name}.py").write_bytes(program.data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
