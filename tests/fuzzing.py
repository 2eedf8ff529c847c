"""Fuzzing the engine: generated Python programs and generated variants of real scan code.

Properties checked on every program: linting never raises and never reports an internal error,
its output is deterministic, and `--fix` (safe and unsafe) is idempotent and yields code that
parses. The test suite runs a short budget (tests/test_fuzz.py); for a long run:

    python tests/fuzzing.py --examples 5000
"""

from __future__ import annotations

import argparse
import ast
import sys
import textwrap
import time

import hypothesmith
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scanlint.engine import lint_text
from scanlint.findings import INTERNAL_ERROR
from scanlint.fixes.apply import fix_text
from scanlint.registry import RULES

ALL_CODES = frozenset(rule.code for rule in RULES)
# Prefixes that make a generated program reach the rules instead of the prefilter.
PRELUDE = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\nimport flax.linen as nn\nfrom flax import nnx\n"

_TEMPLATE = """\
{prelude}
class Model(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, xs):
        {pre}
        def {body}({carry}, {x}):
            {stmt}
            return {ret}
        return {call}({body_ref}, {init}, xs)
"""


@st.composite
def scan_variants(draw: st.DrawFn) -> str:
    """Real-looking Flax/JAX scan code with its parts drawn from the shapes users write."""
    carry, x = draw(st.sampled_from([("carry", "x"), ("c", "t"), ("state", "inp"), ("h", "_")]))
    stmt = draw(
        st.sampled_from(
            [
                "pass",
                f"{carry} = {carry} + 1",
                "w = self.param('w', nn.initializers.zeros, (3,))",
                f"h = nn.Dense(self.features)({carry})",
                f"noise = jax.random.normal(self.make_rng('noise'), {carry}.shape)",
                f"{carry} = {carry}.astype(jnp.float32)",
                f"{carry} = jnp.concatenate([{carry}, {x}[None]])",
                f"if {x} is None:\n                return {carry}",
                "self.count = 1",
            ]
        )
    )
    ret = draw(
        st.sampled_from(
            [carry, f"{carry}, None", f"({carry}, {x})", f"[{carry}, {x}]", f"{carry}, {x}, {x}", "None", f"{carry} * 0.5", f"helper({carry})"]
        )
    )
    call = draw(st.sampled_from(["lax.scan", "jax.lax.scan", "nn.scan", "lax.fori_loop", "scan_fn"]))
    pre = draw(st.sampled_from(["pass", "W = self.param('W', nn.initializers.zeros, (3, 3))", "rng = self.make_rng('dropout')"]))
    body_ref = draw(st.sampled_from(["step", "functools.partial(step)", "lambda c, x: step(c, x)"]))
    init = draw(st.sampled_from(["0.0", "jnp.int32(0)", "jnp.zeros(3)", "jnp.arange(4)", "(0.0, 1)"]))
    source = _TEMPLATE.format(
        prelude=PRELUDE + "import functools\n",
        pre=pre,
        body="step",
        carry=carry,
        x=x,
        stmt=stmt,
        ret=ret,
        call=call,
        body_ref=body_ref,
        init=init,
    )
    return source


def generated_programs() -> st.SearchStrategy[str]:
    return st.one_of(
        hypothesmith.from_grammar().map(lambda code: PRELUDE + code),
        hypothesmith.from_node().map(lambda code: PRELUDE + code),
        scan_variants(),
    )


def check_program(source: str) -> None:
    """The properties every program must satisfy."""
    first = lint_text("fuzz.py", source, ALL_CODES).findings
    second = lint_text("fuzz.py", source, ALL_CODES).findings
    assert first == second and [f.message for f in first] == [f.message for f in second], "not deterministic"
    crashes = [f.message for f in first if f.code == INTERNAL_ERROR]
    assert not crashes, crashes
    if any(f.code == "SCN000" for f in first):
        return
    for unsafe in (False, True):
        fixed, _ = fix_text("fuzz.py", source, ALL_CODES, unsafe)
        ast.parse(fixed)
        again, applied = fix_text("fuzz.py", fixed, ALL_CODES, unsafe)
        assert applied == 0 and again == fixed, "fixing twice changed the code again"


def run(examples: int, seed: int | None = None) -> int:
    tried = 0

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=seed is None,
        suppress_health_check=list(HealthCheck),
    )
    @given(generated_programs())
    def property_holds(source: str) -> None:
        nonlocal tried
        tried += 1
        check_program(source)

    if seed is not None:
        property_holds = __import__("hypothesis").seed(seed)(property_holds)
    property_holds()
    return tried


def main() -> int:
    parser = argparse.ArgumentParser(description=textwrap.dedent(__doc__ or "").strip().splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: derandomized)")
    args = parser.parse_args()
    started = time.perf_counter()
    tried = run(args.examples, args.seed)
    print(f"{tried} programs tried in {time.perf_counter() - started:.1f} s: no crash, deterministic, fixes idempotent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
