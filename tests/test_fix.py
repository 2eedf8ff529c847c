"""`--fix`, `--unsafe-fixes` and `--diff`: what changes, what is kept, and that fixed code runs."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import FIXTURES, lint

from scanlint.fixes.apply import fix_text
from scanlint.registry import RULES


SCRIPT = Path(sys.executable).with_name("scanlint")

DISCARDED_OUTPUT = textwrap.dedent(
    """\
    from jax import lax


    def total(xs):
        def step(carry, x):
            carry = carry + x
            return carry  # keep this comment
        final, _ = lax.scan(step, 0.0, xs)
        return final
    """
)


def scanlint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), "check", "--no-cache", *args], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_safe_fix_keeps_comments_and_is_idempotent(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(DISCARDED_OUTPUT)
    first = scanlint("--fix", "m.py", cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    fixed = target.read_text()
    assert "        return carry, None  # keep this comment\n" in fixed
    assert fixed == DISCARDED_OUTPUT.replace("return carry  #", "return carry, None  #")
    second = scanlint("--fix", "m.py", cwd=tmp_path)
    assert second.returncode == 0 and target.read_text() == fixed


def test_unsafe_fix_needs_the_flag(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    source = DISCARDED_OUTPUT.replace("final, _ = lax.scan(step, 0.0, xs)", "final = lax.scan(step, 0.0, xs)")
    target.write_text(source)
    result = scanlint("--fix", "m.py", cwd=tmp_path)
    assert result.returncode == 1 and "SCN201" in result.stdout  # still there, and reported
    assert target.read_text() == source
    result = scanlint("--fix", "--unsafe-fixes", "m.py", cwd=tmp_path)
    assert result.returncode == 0
    assert "return carry, None" in target.read_text()


MULTILINE_RETURN = """\
from jax import lax


def total(xs):
    def body(carry, x):
        return (
            carry  # the running total
            + x  # this step
        )

    final, _ = lax.scan(body, 0.0, xs)
    return final
"""


def test_pair_fix_of_a_parenthesised_multiline_return_keeps_its_layout(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(MULTILINE_RETURN)
    result = scanlint("--fix", "m.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert target.read_text() == MULTILINE_RETURN.replace("+ x  # this step", "+ x, None  # this step")
    # With real JAX: the original raises at trace time, the fixed program sums.
    jnp = pytest.importorskip("jax.numpy")
    assert float(_import(target, "multiline_fixed").total(jnp.ones(3))) == 3.0
    original = tmp_path / "original.py"
    original.write_text(MULTILINE_RETURN)
    with pytest.raises(TypeError, match="scan body output must be a pair"):
        _import(original, "multiline_original").total(jnp.ones(3))


def _import(path: Path, name: str):  # noqa: ANN202 - a module
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SHARED_BODIES = """\
import functools

from jax import lax


def with_fori(xs, n):
    def body(carry, x):
        return carry + x

    final, _ = lax.scan(body, 0.0, xs)
    return final, lax.fori_loop(0, n, body, 0.0)


def with_reduce(xs):
    def body(carry, x):
        return carry + x

    final, _ = lax.scan(body, 0.0, xs)
    return final, functools.reduce(body, [1.0, 2.0], 0.0)


def with_python_call(xs):
    def body(carry, x):
        return carry + x

    final, _ = lax.scan(body, 0.0, xs)
    return final, body(1.0, 2.0)


class Simulator:
    def step(self, carry, x):
        return carry + x

    def run(self, xs):
        start = self.step(0.0, 1.0)
        final, _ = lax.scan(self.step, start, xs)
        return final


class Integrator:
    @staticmethod
    def step(carry, x):
        return carry + x


def integrate(xs):
    final, _ = lax.scan(Integrator.step, 0.0, xs)
    return final, Integrator().step(1.0, 2.0)
"""


def test_a_body_used_elsewhere_gets_no_safe_fix(tmp_path: Path) -> None:
    """Making the scan body return a pair would change its other uses (a fori_loop, reduce, a
    Python call, of a function or of a method through an object): the fix is offered as unsafe only, and SCN201 and SCN205 stop undoing each
    other."""
    target = tmp_path / "m.py"
    target.write_text(SHARED_BODIES)
    result = scanlint("--fix", "m.py", cwd=tmp_path)
    assert target.read_text() == SHARED_BODIES, result.stdout
    assert result.stdout.count(": SCN201 ") == 5  # one headline per finding
    scanlint("--fix", "--unsafe-fixes", "m.py", cwd=tmp_path)
    fixed = target.read_text()
    # The body also given to fori_loop would then break it (SCN205 would report it): that fix is
    # dropped alone, and the other two go in.
    assert fixed.count("return carry + x, None") == 4
    assert fixed.split("def with_reduce")[0] == SHARED_BODIES.split("def with_reduce")[0]


MULTILINE_PARAM = """\
import flax.linen as nn
import jax
import jax.numpy as jnp


class ParamRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            w = self.param(
                "w",
                nn.initializers.lecun_normal(),
                (4, 4),
            )
            return jnp.tanh(carry @ w + x), None

        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_a_hoisted_multiline_call_keeps_its_indentation(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(MULTILINE_PARAM)
    scanlint("--fix", "m.py", cwd=tmp_path)
    assert target.read_text() == MULTILINE_PARAM.replace(
        """            w = self.param(
                "w",
                nn.initializers.lecun_normal(),
                (4, 4),
            )
""",
        "",
    ).replace(
        "        return jax.lax.scan(",
        """        w = self.param(
            "w",
            nn.initializers.lecun_normal(),
            (4, 4),
        )
        return jax.lax.scan(""",
    )
    # With real Flax: the hoisted parameter is created by init, and apply runs.
    jax = pytest.importorskip("jax")
    pytest.importorskip("flax")
    model = _import(target, "hoisted_fixed").ParamRNN()
    xs = jax.numpy.ones((3, 4))
    model.apply(model.init(jax.random.PRNGKey(0), xs), xs)


def test_diff_writes_nothing_not_even_the_cache(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(DISCARDED_OUTPUT)
    result = subprocess.run([str(SCRIPT), "check", "--diff", "m.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert "+        return carry, None  # keep this comment\n" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.py"]
    assert target.read_text() == DISCARDED_OUTPUT


def test_diff_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(DISCARDED_OUTPUT)
    result = scanlint("--diff", "m.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "-        return carry  # keep this comment\n+        return carry, None  # keep this comment\n" in result.stdout
    assert target.read_text() == DISCARDED_OUTPUT


@pytest.mark.parametrize(
    ("label", "encode"),
    [
        ("crlf", lambda text: text.replace("\n", "\r\n").encode()),
        ("bom", lambda text: b"\xef\xbb\xbf" + text.encode()),
        ("latin-1 cookie", lambda text: ("# -*- coding: latin-1 -*-\n# caf\xe9\n" + text).encode("latin-1")),
        ("tabs", lambda text: text.replace("    ", "\t").encode()),
    ],
)
def test_fix_keeps_encoding_bom_line_endings_and_tabs(tmp_path: Path, label: str, encode) -> None:
    target = tmp_path / "m.py"
    original = encode(DISCARDED_OUTPUT)
    target.write_bytes(original)
    result = scanlint("--fix", "m.py", cwd=tmp_path)
    assert result.returncode == 0, (label, result.stdout, result.stderr)
    expected = original.replace(b"return carry  #", b"return carry, None  #")
    assert target.read_bytes() == expected


def test_stdin_fix_prints_the_fixed_source(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(SCRIPT), "check", "--fix", "--stdin-filename", "m.py"],
        input=DISCARDED_OUTPUT, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert result.stdout == DISCARDED_OUTPUT.replace("return carry  #", "return carry, None  #")


FIXABLE_FIXTURES = {
    "broken_scan_returns_carry.py": ["--unsafe-fixes"],  # its stacked output is returned
    "broken_fori_loop_returns_pair.py": [],
}


@pytest.mark.runtime
@pytest.mark.parametrize("name", sorted(FIXABLE_FIXTURES))
def test_fixed_fixture_runs_without_the_error(tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    shutil.copy(FIXTURES / name, target)
    result = scanlint("--fix", *FIXABLE_FIXTURES[name], name, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert target.read_text() != (FIXTURES / name).read_text()

    spec = importlib.util.spec_from_file_location(f"fixed_{target.stem}", target)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.run()  # the original raises TypeError at trace time


LAMBDA_BODY = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        final, _ = lax.scan(lambda carry, x: carry + x, 0.0, xs)
        return final


    RESULT = float(total(jnp.arange(4.0)))
    """
)


@pytest.mark.runtime
def test_the_pair_fix_of_a_lambda_body_keeps_the_call_and_repairs_the_program(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    target = tmp_path / "lambda_body.py"
    target.write_text(LAMBDA_BODY)
    broken = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=120)
    assert "scan body output must be a pair" in broken.stderr

    first = scanlint("--fix", target.name, cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    fixed = target.read_text()
    assert fixed == LAMBDA_BODY.replace("lambda carry, x: carry + x,", "lambda carry, x: (carry + x, None),")
    assert scanlint("--fix", target.name, cwd=tmp_path).returncode == 0 and target.read_text() == fixed

    spec = importlib.util.spec_from_file_location("lambda_body", target)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.RESULT == 6.0


ALL_CODES = frozenset(rule.code for rule in RULES)

BODY_REDUCED_AT_TOP_LEVEL = """\
import functools

from jax import lax


def add(carry, x):
    return carry + x


def scanned(xs):
    final, _ = lax.scan(add, 0.0, xs)
    return final


print(functools.reduce(add, [1.0, 2.0], 0.0))
"""

HOISTABLE_PARAM = """\
import flax.linen as nn
import jax
import jax.numpy as jnp


class Model(nn.Module):
    use_scan: bool = False

    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            w = self.param("w", nn.initializers.ones, (4,))
            return carry * w + x, None

        SCAN
"""


def test_a_body_used_outside_the_statements_lint_selects_gets_no_safe_fix() -> None:
    """The top-level reduce is not among the statements the normal lint parses: the fixer reads
    the whole file."""
    assert fix_text("m.py", BODY_REDUCED_AT_TOP_LEVEL, ALL_CODES, unsafe=False) == (BODY_REDUCED_AT_TOP_LEVEL, 0)


@pytest.mark.parametrize(
    "scan",
    [
        "return jax.lax.scan(step, jnp.zeros(4), xs)[0] if self.use_scan else xs.sum(0)",
        "return self.use_scan and jax.lax.scan(step, jnp.zeros(4), xs)[0]",
        "if self.use_scan:\n            return jax.lax.scan(step, jnp.zeros(4), xs)[0]\n        return step(jnp.zeros(4), xs[0])[0]",
        "if self.use_scan:\n            return xs[0]\n        elif jax.lax.scan(step, jnp.zeros(4), xs)[0].sum() > 0:\n            return xs[1]",
    ],
    ids=["conditional expression", "after and", "body also called", "elif test"],
)
def test_no_hoist_where_the_scan_may_not_run_or_the_body_is_called(scan: str) -> None:
    source = HOISTABLE_PARAM.replace("SCAN", scan)
    findings = [f for f in lint(source) if f.code == "SCN102"]
    assert findings and all(f.fix is None for f in findings)
    assert fix_text("m.py", source, ALL_CODES, unsafe=True) == (source, 0)


def test_a_hoist_in_a_cr_only_file_keeps_cr_line_endings() -> None:
    source = HOISTABLE_PARAM.replace("SCAN", "return jax.lax.scan(step, jnp.zeros(4), xs)[0]").replace("\n", "\r")
    fixed, applied = fix_text("m.py", source, ALL_CODES, unsafe=False)
    assert applied == 1 and "\n" not in fixed
    assert fixed.count("self.param(") == 1
    assert '\r        w = self.param("w", nn.initializers.ones, (4,))\r        return jax.lax.scan(' in fixed


def test_a_body_given_through_partial_gets_a_safe_pair_fix() -> None:
    source = textwrap.dedent(
        """\
        import functools

        from jax import lax


        def total(xs):
            def step(scale, carry, x):
                return carry + scale * x

            final, _ = lax.scan(functools.partial(step, 2.0), 0.0, xs)
            return final
        """
    )
    fixed, applied = fix_text("m.py", source, ALL_CODES, unsafe=False)
    assert applied == 1 and "return carry + scale * x, None" in fixed


REDUCED_AT_MODULE_LEVEL = """\
import functools

from jax import lax


def add(carry, x):
    return carry + x


def total(xs):
    final, _ = lax.scan(add, 0.0, xs)
    return final


SUM = functools.reduce(add, [1.0, 2.0, 3.0], 0.0)
"""


def test_fix_safety_in_reports_sees_uses_outside_the_statements_a_rule_needs() -> None:
    """`add` is also reduced over at the top level: the pair fix would break that, so every front
    end (the JSON report, an editor's quick fix) must show the fix as unsafe, as `--fix` judges it."""
    (finding,) = lint(REDUCED_AT_MODULE_LEVEL, frozenset({"SCN201"}))
    assert finding.fix is not None and not finding.fix.safe


COMMENTED_PARAM = """\
import flax.linen as nn
import jax
import jax.numpy as jnp


class ParamRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            w = self.param("w", nn.initializers.ones, (3,))  # the recurrent weight
            return carry * w + x, carry

        return jax.lax.scan(step, jnp.zeros(3), xs)
"""


def test_a_hoisted_statement_takes_its_trailing_comment_along(tmp_path: Path) -> None:
    target = tmp_path / "m.py"
    target.write_text(COMMENTED_PARAM)
    result = scanlint("--fix", "m.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert target.read_text() == COMMENTED_PARAM.replace(
        '            w = self.param("w", nn.initializers.ones, (3,))  # the recurrent weight\n', ""
    ).replace(
        "        return jax.lax.scan(",
        '        w = self.param("w", nn.initializers.ones, (3,))  # the recurrent weight\n        return jax.lax.scan(',
    )
