"""What the SCN1xx messages promise, checked against the installed JAX and Flax.

Each test lints a program, checks which code fires and what its message says, then runs the
program's `init` and `apply` and asserts that exactly what the message claims happens: the error
it names, raised where it says, or the silent same-values behaviour it warns about. When Flax
changes its behaviour, these fail and the messages must be revised.
"""

from __future__ import annotations

import importlib.util
import inspect
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from helpers import lint

jax = pytest.importorskip("jax")
pytest.importorskip("flax")

import flax.errors  # noqa: E402
import flax.linen as nn  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from flax import nnx  # noqa: E402

from scanlint.analysis import flax_model  # noqa: E402
from scanlint.registry import BY_CODE  # noqa: E402

pytestmark = pytest.mark.runtime

KEY = jax.random.PRNGKey(0)
XS = jnp.ones((3, 4))


def load(source: str, tmp_path: Path, name: str) -> ModuleType:
    """Import a source text as a real module (Flax needs one for its dataclasses)."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def message(source: str, code: str) -> str:
    """The message of the one finding of `code` in `source`."""
    (finding,) = [f for f in lint(source) if f.code == code]
    return finding.message


def leaks_tracers(tree: object) -> bool:
    return any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree.leaves(tree))


def init_leaks_then_apply_raises(model: nn.Module, *args: object) -> None:
    """The SCN101/102/104 claim: init succeeds with leaked tracers, apply raises
    UnexpectedTracerError, and jax.jit(model.init) raises at once."""
    variables = model.init(KEY, *args)
    assert leaks_tracers(variables)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(variables, *args)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        jax.jit(model.init)(KEY, *args)


def steps_identical(values: jax.Array) -> bool:
    return bool(jnp.all(values == values[0]))


# ---------------------------------------------------------------------------------------------
# The class lists the static rules use


def test_flax_module_class_lists_match_the_installed_flax() -> None:
    def classes(namespace: ModuleType, base: type) -> set[str]:
        return {
            name
            for name, value in vars(namespace).items()
            if inspect.isclass(value) and issubclass(value, base)
        }

    assert classes(nn, nn.Module) == flax_model.LINEN_MODULE_CLASSES
    assert classes(nnx, nnx.Module) == flax_model.NNX_MODULE_CLASSES
    assert classes(nnx, nnx.Variable) | classes(nnx.metrics, nnx.Variable) == flax_model.NNX_VARIABLE_CLASSES
    assert "Metric" in flax_model.NNX_OBJECT_BASES and issubclass(nnx.Metric, nnx.Pytree)


# ---------------------------------------------------------------------------------------------
# SCN101


def test_scn101_linen_module_in_body(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "broken_linen_dense_in_scan.py").read_text(encoding="utf-8")
    text = message(source, "SCN101")
    assert "`init` succeeds" in text and "`UnexpectedTracerError`" in text
    assert "`jax.jit(model.init)` raises" in text
    import broken_linen_dense_in_scan as broken

    init_leaks_then_apply_raises(broken.DenseRNN(features=4), XS)


SAME_FILE_SUBMODULE = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)

class Stack(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(c, x):
            h = Block()(c)
            return h + x, h
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn101_same_file_module_in_body(tmp_path: Path) -> None:
    assert "`UnexpectedTracerError`" in message(SAME_FILE_SUBMODULE, "SCN101")
    init_leaks_then_apply_raises(load(SAME_FILE_SUBMODULE, tmp_path, "same_file").Stack(), XS)


# ---------------------------------------------------------------------------------------------
# SCN102


def test_scn102_param_in_body(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "broken_linen_param_in_scan.py").read_text(encoding="utf-8")
    text = message(source, "SCN102")
    assert "`init` succeeds" in text and "`UnexpectedTracerError`" in text
    import broken_linen_param_in_scan as broken

    init_leaks_then_apply_raises(broken.ParamRNN(hidden=4), XS)


def test_scn102_hoisting_fix_makes_init_and_apply_work(fixtures_dir: Path, tmp_path: Path) -> None:
    source = (fixtures_dir / "broken_linen_param_in_scan.py").read_text(encoding="utf-8")
    (finding,) = [f for f in lint(source) if f.code == "SCN102"]
    assert finding.fix is not None and finding.fix.safe
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    fixed = source
    for edit in sorted(finding.fix.edits, reverse=True):
        start = offsets[edit.line - 1] + edit.column
        end = offsets[edit.end_line - 1] + edit.end_column
        fixed = fixed[:start] + edit.text + fixed[end:]
    assert not [f for f in lint(fixed) if f.code.startswith("SCN1")]

    model = load(fixed, tmp_path, "hoisted").ParamRNN(hidden=4)
    variables = model.init(KEY, XS)
    assert not leaks_tracers(variables)
    final, _ = model.apply(variables, XS)
    w = variables["params"]["w"]
    h = jnp.zeros(4)
    for x in XS:
        h = jnp.tanh(h @ w + x)
    assert jnp.allclose(final, h)


VARIABLE_UPDATED = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Counter(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(c, x):
            count = self.variable("state", "count", jnp.zeros, ())
            count.value = count.value + 1
            return c + x, c
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn102_variable_in_body(tmp_path: Path) -> None:
    text = message(VARIABLE_UPDATED, "SCN102")
    assert "`init` succeeds but returns a leaked tracer" in text
    assert "`ModifyScopeVariableError` (immutable collection)" in text
    assert "`UnexpectedTracerError` (mutable collection)" in text
    model = load(VARIABLE_UPDATED, tmp_path, "variable_updated").Counter()
    variables = model.init(KEY, XS)
    assert leaks_tracers(variables)
    with pytest.raises(flax.errors.ModifyScopeVariableError):
        model.apply(variables, XS)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(variables, XS, mutable=["state"])


PUT_VARIABLE = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Last(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(c, x):
            self.put_variable("state", "last", c)
            return c + x, c
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn102_put_variable_in_body(tmp_path: Path) -> None:
    text = message(PUT_VARIABLE, "SCN102")
    assert "`ModifyScopeVariableError`" in text and "leaked tracers" in text
    model = load(PUT_VARIABLE, tmp_path, "put_variable").Last()
    variables = model.init(KEY, XS)
    assert leaks_tracers(variables)
    with pytest.raises(flax.errors.ModifyScopeVariableError):
        model.apply(variables, XS)
    _, state = model.apply(variables, XS, mutable=["state"])
    with pytest.raises(jax.errors.UnexpectedTracerError):
        state["state"]["last"] + 1


SOW = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Probe(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(c, x):
            self.sow("intermediates", "h", c)
            return c + x, c
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn102_sow_in_body(tmp_path: Path) -> None:
    text = message(SOW, "SCN102")
    assert "`apply(..., mutable=[...])` succeeds but returns leaked tracers" in text
    model = load(SOW, tmp_path, "sow").Probe()
    variables = model.init(KEY, XS)
    _, state = model.apply(variables, XS, mutable=["intermediates"])
    (sown,) = state["intermediates"]["h"]
    with pytest.raises(jax.errors.UnexpectedTracerError):
        sown + 1


# ---------------------------------------------------------------------------------------------
# SCN103


def test_scn103_make_rng_in_body(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "broken_linen_make_rng_in_scan.py").read_text(encoding="utf-8")
    assert "every step gets the same random values, with no error" in message(source, "SCN103")
    import broken_linen_make_rng_in_scan as broken

    model = broken.NoisyWalk(size=3)
    variables = model.init(KEY, 4)
    _, noises = model.apply(variables, 4, rngs={"noise": jax.random.PRNGKey(1)})
    assert steps_identical(noises)
    assert not bool(jnp.all(noises == 0))


DROPOUT = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class InBody(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(c, x):
            return c, nn.Dropout(0.5, deterministic=False)(x)
        return jax.lax.scan(step, jnp.zeros(()), xs)

class FromSetup(nn.Module):
    def setup(self):
        self.drop = nn.Dropout(0.5, deterministic=False)

    def __call__(self, xs):
        def step(c, x):
            return c, self.drop(x)
        return jax.lax.scan(step, jnp.zeros(()), xs)
"""


@pytest.mark.parametrize("class_name", ["InBody", "FromSetup"])
def test_scn103_dropout_in_body_uses_one_mask(tmp_path: Path, class_name: str) -> None:
    found = [f for f in lint(DROPOUT) if f.code == "SCN103"]
    assert len(found) == 2
    assert all("every step uses the same dropout mask, with no error" in f.message for f in found)
    model = getattr(load(DROPOUT, tmp_path, f"dropout_{class_name}"), class_name)()
    xs = jnp.ones((5, 32))
    variables = model.init({"params": KEY, "dropout": KEY}, xs)
    _, ys = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(1)})
    assert steps_identical(ys)
    assert bool(jnp.any(ys[0] == 0)) and bool(jnp.any(ys[0] != 0))


CLOSED_KEY = """
import jax
import jax.numpy as jnp

def drawn(key, n):
    def step(c, t):
        noise = jax.random.normal(key, (3,))
        return c + noise, noise
    return jax.lax.scan(step, jnp.zeros(3), jnp.arange(n))

def split_without_step(key, n):
    def step(c, t):
        _, sub = jax.random.split(key)
        noise = jax.random.normal(sub, (3,))
        return c + noise, noise
    return jax.lax.scan(step, jnp.zeros(3), jnp.arange(n))

def folded_with_step(key, n):
    def step(c, t):
        noise = jax.random.normal(jax.random.fold_in(key, t), (3,))
        return c + noise, noise
    return jax.lax.scan(step, jnp.zeros(3), jnp.arange(n))
"""


def test_scn103_closed_over_key(tmp_path: Path) -> None:
    found = [f for f in lint(CLOSED_KEY) if f.code == "SCN103"]
    assert [f.line for f in found] == [7, 13]
    assert all("every step gets the same random values" in f.message for f in found)
    module = load(CLOSED_KEY, tmp_path, "closed_key")
    _, drawn = module.drawn(KEY, 4)
    _, split = module.split_without_step(KEY, 4)
    _, folded = module.folded_with_step(KEY, 4)
    assert steps_identical(drawn)
    # Splitting a closed-over key in the body gives the same subkeys at every step.
    assert steps_identical(split)
    assert not steps_identical(folded)


# ---------------------------------------------------------------------------------------------
# SCN103: randomness behind a mode flag

ZONEOUT = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class ZoneoutRNN(nn.Module):
    hidden: int = 16
    rate: float = 0.5
    deterministic: bool = False

    @nn.compact
    def __call__(self, xs, train: bool = False):
        dense = nn.Dense(self.hidden)
        h0 = dense(jnp.zeros(xs.shape[1:-1] + (self.hidden,)))
        def step(h, x):
            new = jnp.tanh(dense(h) + x)
            if not self.deterministic:
                keep = jax.random.bernoulli(self.make_rng("dropout"), self.rate, h.shape)
                new = jnp.where(keep, h, new)
            if train:
                new = nn.Dropout(self.rate)(new, deterministic=False)
            return new, new
        return jax.lax.scan(step, h0, xs)
"""

EVAL_ONLY = ZONEOUT + """
def evaluate(xs):
    model = ZoneoutRNN(deterministic=True)
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    return model.apply(variables, xs, train=False)
"""

TRAINING = ZONEOUT + """
RNGS = {"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}

def zoneout_training(xs):
    model = ZoneoutRNN(deterministic=False)
    return model.apply(model.init(RNGS, xs), xs, rngs={"dropout": jax.random.PRNGKey(2)})

def dropout_training(xs):
    model = ZoneoutRNN(deterministic=True)
    return model.apply(model.init(RNGS, xs), xs, train=True, rngs={"dropout": jax.random.PRNGKey(2)})
"""


def test_scn103_randomness_behind_a_flag_no_run_sets(tmp_path: Path) -> None:
    """Silent when every run the file shows is in evaluation mode: the program needs no RNG,
    and gives distinct per-step values, the same on every run. When some run of the same module
    trains (a construction with deterministic=False, an apply with train=True), each draw is
    flagged, and there each step repeats the same mask."""
    xs = jax.random.normal(jax.random.PRNGKey(3), (6, 2, 16))
    assert [f for f in lint(EVAL_ONLY) if f.code == "SCN103"] == []
    evaluate = load(EVAL_ONLY, tmp_path, "zoneout_eval").evaluate
    _, first = evaluate(xs)
    _, again = evaluate(xs)
    assert not steps_identical(first)
    assert bool(jnp.all(first == again))

    assert [f.line for f in lint(TRAINING) if f.code == "SCN103"] == [18, 21]
    training = load(TRAINING, tmp_path, "zoneout_training")
    _, states = training.zoneout_training(xs)
    kept = states[1:] == states[:-1]  # a unit kept from the step before: the zoneout mask
    assert steps_identical(kept)
    assert bool(jnp.any(kept[0])) and bool(jnp.any(~kept[0]))
    _, outputs = training.dropout_training(xs)
    dropped = outputs == 0
    assert steps_identical(dropped)
    assert bool(jnp.any(dropped[0])) and bool(jnp.any(~dropped[0]))


# ---------------------------------------------------------------------------------------------
# SCN104


def test_scn104_setup_submodule_first_called_in_body(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "broken_linen_submodule_in_scan.py").read_text(encoding="utf-8")
    text = message(source, "SCN104")
    assert "`init` succeeds" in text and "`UnexpectedTracerError`" in text
    import broken_linen_submodule_in_scan as broken

    init_leaks_then_apply_raises(broken.CellRNN(hidden=4), XS)


COMPACT_LOCAL = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class LocalCell(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(4)
        def step(c, x):
            h = cell(c)
            return h + x, h
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn104_compact_local_submodule_first_called_in_body(tmp_path: Path) -> None:
    assert "`UnexpectedTracerError`" in message(COMPACT_LOCAL, "SCN104")
    init_leaks_then_apply_raises(load(COMPACT_LOCAL, tmp_path, "compact_local").LocalCell(), XS)


SAMPLING = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Decoder(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)
        self.readout = nn.Dense(4)

    def __call__(self, xs):
        return self.readout(jnp.tanh(self.cell(xs)))

    def sample(self, h0, steps):
        def step(h, _):
            h = jnp.tanh(self.cell(h))
            return h, self.readout(h)
        return jax.lax.scan(step, h0, None, length=steps)
"""


def test_scn104_not_flagged_on_the_sampling_idiom_and_that_works(tmp_path: Path) -> None:
    """`init` goes through `__call__`, which builds every submodule; `sample` scans over them
    only under `apply`."""
    assert not [f for f in lint(SAMPLING) if f.code.startswith("SCN1")]
    model = load(SAMPLING, tmp_path, "sampling").Decoder()
    variables = model.init(KEY, XS[0])
    assert not leaks_tracers(variables)
    _, samples = model.apply(variables, jnp.zeros(4), 3, method="sample")
    assert samples.shape == (3, 4)


def test_scn104_flags_the_sampling_method_once_init_runs_it(tmp_path: Path) -> None:
    source = SAMPLING + "\n\ndef build():\n    return Decoder().init(jax.random.PRNGKey(0), jnp.zeros(4), 3, method=Decoder.sample)\n"
    messages = [f.message for f in lint(source) if f.code == "SCN104"]
    assert len(messages) == 2 and "`init` runs `sample` -> this scan" in messages[0]
    model = load(source, tmp_path, "sampling_init").Decoder()
    variables = model.init(KEY, jnp.zeros(4), 3, method="sample")
    assert leaks_tracers(variables)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(variables, jnp.zeros(4), 3, method="sample")


def test_scn104_not_flagged_when_called_first_and_that_works(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "linen_submodule_called_first.py").read_text(encoding="utf-8")
    assert not [f for f in lint(source) if f.code.startswith("SCN1")]
    import linen_submodule_called_first as clean

    model = clean.CellRNN(hidden=4)
    variables = model.init(KEY, XS)
    assert not leaks_tracers(variables)
    model.apply(variables, XS)


# ---------------------------------------------------------------------------------------------
# SCN105

NNX_MUTATIONS = """
import jax
import jax.numpy as jnp
from flax import nnx

XS = jnp.ones((3, 4))

class VariableUpdate(nnx.Module):
    def __init__(self, rngs):
        self.count = nnx.Variable(jnp.zeros(()))

    def __call__(self, xs):
        def step(c, x):
            self.count[...] = self.count[...] + 1  # mutates
            return c + x, None
        return jax.lax.scan(step, xs[0], xs)

class LinearFromOutsideRngs(nnx.Module):
    def __init__(self, rngs):
        self.rngs = rngs

    def __call__(self, xs):
        def step(c, x):
            return nnx.Linear(4, 4, rngs=self.rngs)(c) + x, None  # mutates
        return jax.lax.scan(step, xs[0], xs)

class StreamDraw(nnx.Module):
    def __init__(self, rngs):
        self.rngs = rngs

    def __call__(self, xs):
        def step(c, x):
            return c + jax.random.normal(self.rngs.noise(), c.shape), None  # mutates
        return jax.lax.scan(step, xs[0], xs)

class HoldsDropout(nnx.Module):
    def __init__(self, rngs):
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, xs):
        def step(c, x):
            return self.drop(c) + x, None  # mutates
        return jax.lax.scan(step, xs[0], xs)

class HoldsBatchNorm(nnx.Module):
    def __init__(self, rngs):
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, xs):
        def step(c, x):
            return self.bn(c[None])[0] + x, None  # mutates
        return jax.lax.scan(step, xs[0], xs)

class Block(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.linear(x))

class HoldsBlock(nnx.Module):
    def __init__(self, rngs):
        self.block = Block(rngs)

    def __call__(self, xs):
        def step(c, x):
            return self.block(c) + x, None  # mutates
        return jax.lax.scan(step, xs[0], xs)

def closed_over_module(xs):
    model = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
    def step(c, x):
        model.calls = 1  # mutates
        return model(c) + x, None
    return jax.lax.scan(step, xs[0], xs)
"""

NNX_CASES = [
    "VariableUpdate",
    "LinearFromOutsideRngs",
    "StreamDraw",
    "HoldsDropout",
    "HoldsBatchNorm",
    "HoldsBlock",
    "closed_over_module",
]


def test_scn105_every_case_is_flagged_once() -> None:
    found = [f for f in lint(NNX_MUTATIONS) if f.code.startswith("SCN1")]
    marked = [i for i, line in enumerate(NNX_MUTATIONS.splitlines(), 1) if "# mutates" in line]
    assert len(marked) == len(NNX_CASES)
    assert [(f.line, f.code) for f in found] == [(line, "SCN105") for line in marked]
    assert all(
        "TraceContextError: Cannot mutate ... from a different trace level" in f.message
        for f in found
    )


def test_scn105_attribute_assignment_on_self(fixtures_dir: Path) -> None:
    source = (fixtures_dir / "broken_nnx_mutation_in_scan.py").read_text(encoding="utf-8")
    assert "`flax.errors.TraceContextError" in message(source, "SCN105")
    import broken_nnx_mutation_in_scan as broken

    with pytest.raises(flax.errors.TraceContextError, match="from (a )?different trace level"):
        broken.run()


@pytest.mark.parametrize("name", sorted(NNX_CASES))
def test_scn105_outside_state_mutated_in_body_raises(tmp_path: Path, name: str) -> None:
    module = load(NNX_MUTATIONS, tmp_path, f"nnx_{name}")
    target = getattr(module, name)
    run = (
        (lambda: target(module.XS))
        if inspect.isfunction(target)
        else (lambda: target(nnx.Rngs(0, noise=1))(module.XS))
    )
    with pytest.raises(flax.errors.TraceContextError, match="from (a )?different trace level"):
        run()


NNX_FINE = """
import jax
import jax.numpy as jnp
from flax import nnx

class Reader(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, xs):
        def step(c, x):
            w = nnx.Param(jnp.eye(4))
            return self.linear(c) @ w[...] + x, None
        return jax.lax.scan(step, xs[0], xs)
"""


def test_scn105_reading_a_stateless_module_and_a_fresh_param_run_fine(tmp_path: Path) -> None:
    assert not [f for f in lint(NNX_FINE) if f.code.startswith("SCN1")]
    model = load(NNX_FINE, tmp_path, "nnx_fine").Reader(nnx.Rngs(0))
    final, _ = model(XS)
    assert final.shape == (4,)


# ---------------------------------------------------------------------------------------------
# The documented examples: BAD fails as its rule says, GOOD runs


def linen_example_runs_clean(model: nn.Module, *args: object) -> None:
    variables = model.init(KEY, *args)
    assert not leaks_tracers(variables)
    model.apply(variables, *args)
    jax.jit(model.init)(KEY, *args)


@pytest.mark.parametrize("code", ["SCN101", "SCN102"])
def test_linen_examples(tmp_path: Path, code: str) -> None:
    rule = BY_CODE[code].load()
    bad = load(rule.BAD, tmp_path, f"bad_{rule.CODE}")
    good = load(rule.GOOD, tmp_path, f"good_{rule.CODE}")
    make = {"SCN101": lambda m: m.DenseRNN(features=4), "SCN102": lambda m: m.ParamRNN(hidden=4)}[
        rule.CODE
    ]
    init_leaks_then_apply_raises(make(bad), XS)
    linen_example_runs_clean(make(good), XS)


def test_scn103_examples(tmp_path: Path) -> None:
    rule = BY_CODE["SCN103"].load()
    results = []
    for kind, source in (("bad", rule.BAD), ("good", rule.GOOD)):
        model = load(source, tmp_path, f"{kind}_scn103").NoisyWalk(size=3)
        variables = model.init(KEY, 4)
        _, noises = model.apply(variables, 4, rngs={"noise": jax.random.PRNGKey(1)})
        results.append(steps_identical(noises))
    assert results == [True, False]


def test_scn104_examples(tmp_path: Path) -> None:
    rule = BY_CODE["SCN104"].load()
    init_leaks_then_apply_raises(load(rule.BAD, tmp_path, "bad_scn104").CellRNN(hidden=4), XS)
    linen_example_runs_clean(load(rule.GOOD, tmp_path, "good_scn104").CellRNN(hidden=4), XS)


def test_scn105_examples(tmp_path: Path) -> None:
    rule = BY_CODE["SCN105"].load()
    bad = load(rule.BAD, tmp_path, "bad_scn105").CountingRNN(4, rngs=nnx.Rngs(0))
    with pytest.raises(flax.errors.TraceContextError):
        bad(XS)
    good = load(rule.GOOD, tmp_path, "good_scn105").CountingRNN(4, rngs=nnx.Rngs(0))
    good(XS)
    assert int(good.count[...]) == XS.shape[0]


FRESH_RNGS_DROPOUT = """
import jax
import jax.numpy as jnp
from flax import nnx

class Noisy(nnx.Module):
    def __init__(self, rngs=None):
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, xs, keys):
        def step(c, key_x):
            key, x = key_x
            return c + self.drop(x, rngs=nnx.Rngs(dropout=key)), self.drop(x, rngs=nnx.Rngs(dropout=key))
        return jax.lax.scan(step, jnp.zeros(4), (keys, xs))

    def reuse(self, xs):
        def step(c, x):
            return c + self.drop(x), None
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn105_fresh_rngs_per_step_is_right_and_a_held_stream_is_not(tmp_path: Path) -> None:
    """A Dropout without streams of its own draws from the fresh `nnx.Rngs` each step passes:
    no error, and different masks per step. Holding outside streams and drawing from them in the
    body raises `TraceContextError`, as SCN105 says."""
    findings = [(f.line, f.code) for f in lint(FRESH_RNGS_DROPOUT) if f.code == "SCN105"]
    assert findings == [(18, "SCN105")]
    module = load(FRESH_RNGS_DROPOUT, tmp_path, "fresh_rngs")
    keys = jax.random.split(KEY, 3)
    _, masks = module.Noisy()(jnp.ones((3, 4)), keys)
    assert not steps_identical(masks)
    with pytest.raises(flax.errors.TraceContextError):
        module.Noisy(nnx.Rngs(dropout=1)).reuse(jnp.ones((3, 4)))


PARTIAL_SELF = """
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

def step(module, carry, x):
    w = module.param("w", nn.initializers.lecun_normal(), (4, 4))
    return jnp.tanh(carry @ w + x), None

class ParamRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return jax.lax.scan(functools.partial(step, self), jnp.zeros(4), xs)[0]
"""


def test_scn102_param_through_a_partial_that_passes_self(tmp_path: Path) -> None:
    assert "`UnexpectedTracerError`" in message(PARTIAL_SELF, "SCN102")
    init_leaks_then_apply_raises(load(PARTIAL_SELF, tmp_path, "partial_self").ParamRNN(), XS)


SUBMODULE_THROUGH_HELPER = """
import flax.linen as nn
import jax
import jax.numpy as jnp

def update(cell, h, x):
    return jnp.tanh(cell(h) + x)

class CellRNN(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        def step(h, x):
            h = update(self.cell, h, x)
            return h, h
        return jax.lax.scan(step, jnp.zeros(4), xs)
"""


def test_scn104_submodule_called_through_a_helper(tmp_path: Path) -> None:
    assert "`UnexpectedTracerError`" in message(SUBMODULE_THROUGH_HELPER, "SCN104")
    init_leaks_then_apply_raises(load(SUBMODULE_THROUGH_HELPER, tmp_path, "through_helper").CellRNN(), XS)


OUTSIDE_TRAINING = """
import jax
import jax.numpy as jnp
import optax
from flax import nnx

def grads_of_outside_model(xs, ys):
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))

    def step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        return carry + loss, loss

    return jax.lax.scan(step, 0.0, (xs, ys))

def update_of_outside_optimizer(xs):
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    params = nnx.state(model, nnx.Param)

    def step(carry, x):
        optimizer.update(model, jax.tree.map(lambda p: p * x.sum(), params))
        return carry, None

    return jax.lax.scan(step, 0.0, xs)
"""


def test_scn105_outside_model_through_a_transform_and_outside_optimizer_update(tmp_path: Path) -> None:
    findings = [f for f in lint(OUTSIDE_TRAINING) if f.code == "SCN105"]
    assert [f.line for f in findings] == [12, 23]
    assert "Cannot extract graph node from different trace level" in findings[0].message
    assert "TraceContextError" in findings[1].message
    module = load(OUTSIDE_TRAINING, tmp_path, "outside_training")
    with pytest.raises(ValueError, match="Cannot extract graph node from different trace level"):
        module.grads_of_outside_model(jnp.ones((4, 2, 3)), jnp.ones((4, 2, 1)))
    with pytest.raises(flax.errors.TraceContextError):
        module.update_of_outside_optimizer(jnp.ones((4, 3)))


CONTAINERS = """
import jax
import jax.numpy as jnp
from flax import nnx

XS = jnp.ones((3, 2, 4))

def sequential_with_dropout(xs):
    model = nnx.Sequential(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.relu, nnx.Dropout(0.1, rngs=nnx.Rngs(1)))
    return jax.lax.scan(lambda h, x: (model(h) + x, None), xs[0], xs)

def list_with_batchnorm(xs):
    rngs = nnx.Rngs(0)
    layers = nnx.List([nnx.Linear(4, 4, rngs=rngs), nnx.BatchNorm(4, rngs=rngs)])
    def step(h, x):
        for layer in layers:
            h = layer(h)
        return h + x, None
    return jax.lax.scan(step, xs[0], xs)

class Block(nnx.Module):
    def __init__(self, drop):
        self.linear = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
        self.drop = drop

    def __call__(self, x, rngs=None):
        return self.drop(self.linear(x), rngs=rngs)

def enumerated_list(xs):
    layers = nnx.List([nnx.Dropout(0.1, rngs=nnx.Rngs(1)), nnx.Linear(4, 4, rngs=nnx.Rngs(0))])
    def step(h, x):
        for i, layer in enumerate(layers):
            h = layer(h) + i
        return h + x, None
    return jax.lax.scan(step, xs[0], xs)

def block_given_a_dropout(xs):
    block = Block(drop=nnx.Dropout(0.1, rngs=nnx.Rngs(1)))
    return jax.lax.scan(lambda h, x: (block(h) + x, None), xs[0], xs)

class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs))

    def __call__(self, xs):
        return jax.lax.scan(lambda h, x: (self.net(h) + x, None), xs[0], xs)

def self_sequential(xs):
    return Encoder(nnx.Rngs(0))(xs)
"""

CONTAINERS_FINE = """
import jax
import jax.numpy as jnp
from flax import nnx

XS = jnp.ones((3, 2, 4))
KEYS = jax.random.split(jax.random.PRNGKey(0), 3)

class Block(nnx.Module):
    def __init__(self, drop):
        self.linear = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
        self.drop = drop

    def __call__(self, x, rngs=None):
        return self.drop(self.linear(x), rngs=rngs)

def run(xs, keys):
    rngs = nnx.Rngs(0)
    shared = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1))
    owned = nnx.Sequential(nnx.Linear(4, 4, rngs=rngs), nnx.Dropout(0.1, rngs=rngs))
    frozen = nnx.Sequential(
        nnx.Dropout(0.1, deterministic=True, rngs=rngs),
        nnx.BatchNorm(4, use_running_average=True, rngs=rngs),
    )
    block = Block(drop=nnx.Dropout(0.1))
    def step(h, key_x):
        key, x = key_x
        for layer in nnx.List([nnx.Dropout(0.1, rngs=nnx.Rngs(key))]):
            h = layer(h)
        h = shared(h, rngs=nnx.Rngs(dropout=key)) + owned(h, rngs=nnx.Rngs(dropout=key))
        return frozen(h) + block(x, rngs=nnx.Rngs(dropout=key)), h
    return jax.lax.scan(step, xs[0], (keys, xs))
"""


@pytest.mark.parametrize(
    "name",
    ["sequential_with_dropout", "list_with_batchnorm", "enumerated_list", "block_given_a_dropout", "self_sequential"],
)
def test_scn105_containers_holding_stateful_layers_raise(tmp_path: Path, name: str) -> None:
    """A module built from stateful layers (`nnx.Sequential`, `nnx.List`, a same-file class
    given an `nnx.Dropout`) changes their state when called in the body, as SCN105 says; the
    same containers with layers that draw from a fresh `nnx.Rngs` per step, or are switched off,
    run fine and are not flagged."""
    findings = [f for f in lint(CONTAINERS) if f.code == "SCN105"]
    assert len(findings) == 5
    assert all("mutates the state it holds" in f.message and "TraceContextError" in f.message for f in findings)
    module = load(CONTAINERS, tmp_path, f"containers_{name}")
    with pytest.raises(flax.errors.TraceContextError, match="from (a )?different trace level"):
        getattr(module, name)(module.XS)


def test_scn105_containers_of_layers_that_keep_no_state_run_fine(tmp_path: Path) -> None:
    assert not [f for f in lint(CONTAINERS_FINE) if f.code.startswith("SCN1")]
    module = load(CONTAINERS_FINE, tmp_path, "containers_fine")
    _, hs = module.run(module.XS, module.KEYS)
    assert hs.shape == (3, 2, 4)


META_LEARNING = """
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx

def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

class MetaLearner(nnx.Module):
    def __init__(self, rngs):
        self.inner = nnx.Linear(3, 1, rngs=rngs)
        self.optimizer = nnx.Optimizer(self.inner, optax.sgd(0.01), wrt=nnx.Param)

    def grads_only(self, xs, ys):
        def inner_step(carry, batch):
            x, y = batch
            grads = nnx.grad(loss_fn)(self.inner, x, y)
            return carry, None
        return jax.lax.scan(inner_step, 0.0, (xs, ys))

    def update_only(self, xs, ys):
        grads = nnx.grad(loss_fn)(self.inner, xs[0], ys[0])
        def inner_step(carry, batch):
            self.optimizer.update(self.inner, grads)
            return carry, None
        return jax.lax.scan(inner_step, 0.0, (xs, ys))

class Student(nnx.Module):
    def __init__(self, rngs):
        self.encoder = nnx.Linear(3, 1, rngs=rngs)

class Teacher(nnx.Module):
    def __init__(self, rngs):
        self.student = Student(rngs)

    def distill(self, xs, ys):
        def step(carry, batch):
            x, y = batch
            grads = nnx.grad(loss_fn)(self.student.encoder, x, y)
            return carry, None
        return jax.lax.scan(step, 0.0, (xs, ys))

def inner_step(trainer, grads, carry, x):
    trainer.optimizer.update(trainer.model, grads)
    return carry, None

class Trainer(nnx.Module):
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, xs, ys):
        grads = nnx.grad(loss_fn)(self.model, xs[0], ys[0])
        return jax.lax.scan(functools.partial(inner_step, self, grads), 0.0, xs)

def trainer():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    return Trainer(model, nnx.Optimizer(model, optax.sgd(0.01), wrt=nnx.Param))
"""

META_LEARNING_FINE = """
import jax
import jax.numpy as jnp
from flax import nnx

class MetaLearner(nnx.Module):
    def __init__(self, rngs):
        self.inner = nnx.Linear(3, 1, rngs=rngs)
        self.scale = 0.5

    def adapt(self, xs, ys):
        graphdef, state = nnx.split(self.inner)

        def inner_step(state, batch):
            x, y = batch
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m, s: jnp.mean((m(x) * s - y) ** 2))(model, self.scale)
            state = jax.tree.map(lambda p, g: p - 0.1 * g, state, grads)
            return state, self.inner(x)
        return jax.lax.scan(inner_step, state, (xs, ys))
"""


def test_scn105_transform_and_update_on_modules_self_holds(tmp_path: Path) -> None:
    """The meta-learning inner loop: `nnx.grad` given `self.inner` (or `self.student.encoder`)
    alone fails, and so does updating `self`'s optimizer; rebuilding the model from its state
    with `nnx.merge` in the body works."""
    findings = [f for f in lint(META_LEARNING) if f.code == "SCN105"]
    assert [f.line for f in findings] == [20, 27, 42, 47]
    assert "Cannot extract graph node from different trace level" in findings[0].message
    assert "`self.student.encoder`" in findings[2].message
    assert "TraceContextError" in findings[1].message and "TraceContextError" in findings[3].message
    module = load(META_LEARNING, tmp_path, "meta_learning")
    xs, ys = jnp.ones((4, 2, 3)), jnp.ones((4, 2, 1))
    with pytest.raises(ValueError, match="Cannot extract graph node from different trace level"):
        module.MetaLearner(nnx.Rngs(0)).grads_only(xs, ys)
    with pytest.raises(flax.errors.TraceContextError):
        module.MetaLearner(nnx.Rngs(0)).update_only(xs, ys)
    with pytest.raises(ValueError, match="Cannot extract graph node from different trace level"):
        module.Teacher(nnx.Rngs(0)).distill(xs, ys)
    with pytest.raises(flax.errors.TraceContextError):
        module.trainer().fit(xs, ys)

    assert not [f for f in lint(META_LEARNING_FINE) if f.code.startswith("SCN1")]
    fine = load(META_LEARNING_FINE, tmp_path, "meta_learning_fine").MetaLearner(nnx.Rngs(0))
    _, outputs = fine.adapt(xs, ys)
    assert outputs.shape == (4, 2, 1)


TRANSFORM_BOUND_TO_A_NAME = """
import jax
import jax.numpy as jnp
from flax import nnx

def fit(model: nnx.Module, xs, ys):
    grad_fn = nnx.value_and_grad(lambda m, x, y: jnp.mean((m(x) - y) ** 2))

    def step(carry, batch):
        loss, grads = grad_fn(model, *batch)
        return carry + loss, loss

    return jax.lax.scan(step, 0.0, (xs, ys))

def fit_merged(model: nnx.Module, xs, ys):
    grad_fn = nnx.value_and_grad(lambda m, x, y: jnp.mean((m(x) - y) ** 2))
    graphdef, state = nnx.split(model)

    def step(state, batch):
        loss, grads = grad_fn(nnx.merge(graphdef, state), *batch)
        return state, loss

    return jax.lax.scan(step, state, (xs, ys))
"""


def test_scn105_transform_bound_to_a_name_given_an_outside_model(tmp_path: Path) -> None:
    """`grad_fn = nnx.value_and_grad(loss)` made outside the body and called inside it on an
    outside model fails as the direct form does; on a model merged in the body it runs."""
    found = [f for f in lint(TRANSFORM_BOUND_TO_A_NAME) if f.code.startswith("SCN1")]
    assert [(f.line, f.code) for f in found] == [(10, "SCN105")]
    assert found[0].message.startswith("`grad_fn` (`nnx.value_and_grad(...)`) inside a raw lax.scan body is given `model`")
    module = load(TRANSFORM_BOUND_TO_A_NAME, tmp_path, "transform_bound")
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    xs, ys = jnp.ones((4, 2, 3)), jnp.ones((4, 2, 1))
    with pytest.raises(ValueError, match="Cannot extract graph node from different trace level"):
        module.fit(model, xs, ys)
    _, losses = module.fit_merged(model, xs, ys)
    assert losses.shape == (4,)


THROUGH_NN_COND = """
import flax.linen as nn
import jax.numpy as jnp
from jax.lax import scan

class CondRNN(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        def step(h, x):
            h = nn.cond(x.sum() > 0, lambda mdl, v: mdl.cell(v), lambda mdl, v: mdl.cell(-v), self, h)
            return h, h
        return scan(step, jnp.zeros(4), xs)
"""

FROM_A_FACTORY = """
import flax.linen as nn
import jax.numpy as jnp
from jax.lax import scan

def make_step(module):
    def step(carry, x):
        return jnp.tanh(nn.Dense(4)(carry) + x), carry
    return step

class FactoryRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return scan(make_step(self), jnp.zeros(4), xs)
"""


def test_scn104_submodule_through_nn_cond_in_the_body(tmp_path: Path) -> None:
    assert [f.code for f in lint(THROUGH_NN_COND) if f.code.startswith("SCN1")] == ["SCN104", "SCN104"]
    model = load(THROUGH_NN_COND, tmp_path, "through_cond").CondRNN()
    variables = model.init(KEY, XS)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(variables, XS)


def test_scn101_module_built_in_a_factory_made_body(tmp_path: Path) -> None:
    assert "`UnexpectedTracerError`" in message(FROM_A_FACTORY, "SCN101")
    init_leaks_then_apply_raises(load(FROM_A_FACTORY, tmp_path, "from_factory").FactoryRNN(), XS)


OUTSIDE_VARIABLE_UPDATED = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Counting(nn.Module):
    @nn.compact
    def __call__(self, xs):
        steps = self.variable("counter", "steps", lambda: jnp.zeros((), jnp.int32))
        def step(h, x):
            steps.value += 1
            return h + x, h
        return jax.lax.scan(step, xs[0], xs)
"""

SELF_CALL_IN_ROLLOUT = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Generator(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, h):
        return jnp.tanh(self.cell(h))

    def rollout(self, h, n):
        return jax.lax.scan(lambda c, _: (self(c), c), h, None, length=n)
"""


def test_scn102_variable_value_updated_in_the_body(tmp_path: Path) -> None:
    text = message(OUTSIDE_VARIABLE_UPDATED, "SCN102")
    assert "`ModifyScopeVariableError`" in text and "`UnexpectedTracerError`" in text
    model = load(OUTSIDE_VARIABLE_UPDATED, tmp_path, "outside_variable_updated").Counting()
    assert leaks_tracers(model.init(KEY, XS))  # init: every collection is mutable
    variables = {"counter": {"steps": jnp.zeros((), jnp.int32)}}
    with pytest.raises(flax.errors.ModifyScopeVariableError):
        model.apply(variables, XS)
    _, state = model.apply(variables, XS, mutable=["counter"])
    assert leaks_tracers(state)


def test_scn104_self_call_in_a_rollout_init_runs(tmp_path: Path) -> None:
    """Through `__call__` init builds the cell and the rollout works under apply; through
    `method=rollout` the cell is first built inside the scan."""
    assert not [f for f in lint(SELF_CALL_IN_ROLLOUT) if f.code.startswith("SCN1")]
    built_by_call = SELF_CALL_IN_ROLLOUT + "\n\ndef build():\n    return Generator().init(jax.random.PRNGKey(0), jnp.zeros(4), 3, method=Generator.rollout)\n"
    assert "`init` runs `rollout` -> this scan" in message(built_by_call, "SCN104")
    module = load(SELF_CALL_IN_ROLLOUT, tmp_path, "self_call")
    model = module.Generator()
    variables = model.init(KEY, jnp.zeros(4))
    model.apply(variables, jnp.zeros(4), 3, method="rollout")
    leaked = model.init(KEY, jnp.zeros(4), 3, method="rollout")
    assert leaks_tracers(leaked)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(leaked, jnp.zeros(4), 3, method="rollout")



INTEGRATOR = """
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


def rollout(field, y0, ts):
    def step(y, t):
        y = y + 0.1 * field(y, t)
        return y, y
    return lax.scan(step, y0, ts)


def integrate(step_fn, y0, ts):
    return lax.scan(step_fn, y0, ts)


class Vector(nn.Module):
    @nn.compact
    def __call__(self, y):
        return nn.Dense(y.shape[-1])(y)


class NeuralODE(nn.Module):
    net: nn.Module

    @nn.compact
    def __call__(self, y0, ts):
        _, ys = rollout(lambda y, t: self.net(y), y0, ts)
        return ys


class Stepper(nn.Module):
    cell: Vector

    def __call__(self, y0, ts):
        def step(y, t):
            y = self.cell(y)
            return y, y
        return integrate(step, y0, ts)[1]


class WarmedODE(nn.Module):
    net: nn.Module

    @nn.compact
    def __call__(self, y0, ts):
        self.net(y0)  # the parameters exist before the scan
        _, ys = rollout(lambda y, t: self.net(y), y0, ts)
        return ys


def build():
    return NeuralODE(Vector()), Stepper(Vector()), WarmedODE(net=Vector())
"""


def test_scn104_field_submodule_first_called_through_a_module_level_integrator(tmp_path: Path) -> None:
    """`net: nn.Module` given at construction and first called by the scan of a module-level
    function, through a lambda or as the body it is handed: flagged, and real Flax leaks its
    parameters' tracers out of `init`; called once before, it is silent and works."""
    found = sorted((f.line, f.code) for f in lint(INTEGRATOR) if f.code.startswith("SCN1"))
    assert found == [(30, "SCN104"), (39, "SCN104")], found
    messages = [f.message for f in sorted(lint(INTEGRATOR), key=lambda f: f.line) if f.code == "SCN104"]
    assert "`self.net` is first called inside a raw lax.scan body (the scan in `rollout`, which `NeuralODE.__call__` calls)" in messages[0]
    assert "(the scan in `integrate`, which `Stepper.__call__` calls)" in messages[1]
    module = load(INTEGRATOR, tmp_path, "integrator")
    y0, ts = jnp.ones(3), jnp.arange(4.0)
    init_leaks_then_apply_raises(module.NeuralODE(module.Vector()), y0, ts)
    init_leaks_then_apply_raises(module.Stepper(module.Vector()), y0, ts)
    warmed = module.WarmedODE(module.Vector())
    variables = warmed.init(KEY, y0, ts)
    assert not leaks_tracers(variables)
    assert warmed.apply(variables, y0, ts).shape == (4, 3)


ORDER = """
import flax.linen as nn
import jax
import jax.numpy as jnp


class EncodeThenDecode(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def encode(self, x):
        return self.cell(x)

    def decode(self, h, steps):
        def step(carry, _):
            carry = jnp.tanh(self.cell(carry))
            return carry, carry
        return jax.lax.scan(step, h, None, length=steps)[1]

    def __call__(self, x):
        return self.decode(self.encode(x), 3)


class DecodeThenEncode(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def encode(self, x):
        return self.cell(x)

    def decode(self, h, steps):
        def step(carry, _):
            carry = jnp.tanh(self.cell(carry))
            return carry, carry
        return jax.lax.scan(step, h, None, length=steps)[1]

    def __call__(self, x):
        return self.encode(self.decode(x, 3)[-1])


class EncodeThenScan(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def encode(self, x):
        return self.cell(x)

    def __call__(self, x):
        h = self.encode(x)

        def step(carry, _):
            carry = jnp.tanh(self.cell(carry))
            return carry, carry
        return jax.lax.scan(step, h, None, length=3)[1]
"""


def test_scn104_follows_the_order_in_which_init_runs_methods(tmp_path: Path) -> None:
    """`init` runs `__call__`: a method it calls first (`encode`) builds the submodule that a
    later method's scan reuses, which works; the other order creates it inside the scan."""
    scan_lines = sorted(f.line for f in lint(ORDER) if f.code == "SCN104")
    assert scan_lines == [33], scan_lines  # only DecodeThenEncode's scan
    module = load(ORDER, tmp_path, "order")
    xs = jnp.ones(4)
    for model in (module.EncodeThenDecode(), module.EncodeThenScan()):
        variables = model.init(KEY, xs)
        assert not leaks_tracers(variables)
        assert model.apply(variables, xs).shape == (3, 4)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        module.DecodeThenEncode().init(KEY, xs)


PARTIAL_BOUND_CELLS = """
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

def gru_step(cell, h, x):
    return cell(h, x)

def step_fn(h, x, *, module):
    return module.cell(h, x)

class CellByPartial(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(4)
        return jax.lax.scan(functools.partial(gru_step, cell), jnp.zeros(4), xs)

class MethodByPartial(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def step(self, h, x):
        return self.cell(h, x)

    def __call__(self, xs):
        return jax.lax.scan(functools.partial(MethodByPartial.step, self), jnp.zeros(4), xs)

class ModuleByKeyword(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def __call__(self, xs):
        return jax.lax.scan(functools.partial(step_fn, module=self), jnp.zeros(4), xs)

class CellCalledFirst(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(4)
        h, _ = cell(jnp.zeros(4), xs[0])
        return jax.lax.scan(functools.partial(gru_step, cell), h, xs[1:])
"""


def test_scn104_submodules_bound_by_functools_partial(tmp_path: Path) -> None:
    """A cell, the module's own method, or the module by keyword, bound with `functools.partial`:
    each first call in the body leaks tracers; calling the cell first makes the program work."""
    findings = [f for f in lint(PARTIAL_BOUND_CELLS) if f.code.startswith("SCN1")]
    assert [(f.code, f.line) for f in findings] == [("SCN104", 9), ("SCN104", 12), ("SCN104", 25)]
    assert all("`UnexpectedTracerError`" in f.message for f in findings)
    module = load(PARTIAL_BOUND_CELLS, tmp_path, "partial_bound_cells")
    for name in ("CellByPartial", "MethodByPartial", "ModuleByKeyword"):
        init_leaks_then_apply_raises(getattr(module, name)(), XS)
    model = module.CellCalledFirst()
    variables = model.init(KEY, XS)
    assert not leaks_tracers(variables)
    model.apply(variables, XS)


CONTAINERS_HANDED_OVER = """
import functools

import jax
import jax.numpy as jnp
from flax import nnx

XS = jnp.ones((3, 4))

def dropout_stack(deterministic=False):
    return nnx.Sequential(
        nnx.Linear(4, 4, rngs=nnx.Rngs(0)), nnx.Dropout(0.5, deterministic=deterministic, rngs=nnx.Rngs(1))
    )

def step_fn(model, h, x):
    return model(h + x), h

def apply_model(h, x, model=None):
    return model(h + x)

def by_partial(xs):
    model = dropout_stack()
    return jax.lax.scan(functools.partial(step_fn, model), jnp.zeros(4), xs)

def by_helper(xs):
    model = dropout_stack()
    return jax.lax.scan(lambda h, x: (apply_model(h, x, model=model), h), jnp.zeros(4), xs)

def rollout(model, xs):
    def step(h, x):
        return model(h + x), h
    return jax.lax.scan(step, jnp.zeros(4), xs)

def by_caller(xs):
    return rollout(dropout_stack(), xs)
"""


@pytest.mark.parametrize("name", ["by_partial", "by_helper", "by_caller"])
def test_scn105_a_container_handed_to_the_body_raises(tmp_path: Path, name: str) -> None:
    """An outside container reaches the body through `functools.partial`, a helper's keyword, or
    the parameter of the function running the scan: calling it there raises as SCN105 says."""
    findings = [f for f in lint(CONTAINERS_HANDED_OVER) if f.code == "SCN105"]
    assert [f.line for f in findings] == [16, 19, 31]
    assert all("TraceContextError" in f.message for f in findings)
    module = load(CONTAINERS_HANDED_OVER, tmp_path, f"handed_{name}")
    with pytest.raises(flax.errors.TraceContextError):
        getattr(module, name)(module.XS)


def test_scn105_a_container_switched_off_where_it_is_handed_over_runs(tmp_path: Path) -> None:
    source = CONTAINERS_HANDED_OVER.replace("dropout_stack()", "dropout_stack(deterministic=True)")
    assert not [f for f in lint(source) if f.code.startswith("SCN1")]
    module = load(source, tmp_path, "handed_switched_off")
    for name in ("by_partial", "by_helper", "by_caller"):
        getattr(module, name)(module.XS)


FACTORY_MADE_BODIES = """
import flax.linen as nn
import jax
import jax.numpy as jnp

def make_step(cell):
    def step(carry, x):
        return cell(carry, x)
    return step

class FactoryOfSetupCell(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def __call__(self, xs):
        step_fn = make_step(self.cell)
        return jax.lax.scan(step_fn, jnp.zeros(4), xs)

class MethodFactory(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def make_step(self):
        def step(carry, x):
            return self.cell(carry, x)
        return step

    def __call__(self, xs):
        return jax.lax.scan(self.make_step(), jnp.zeros(4), xs)

class CalledFirst(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(4)
        h, _ = cell(jnp.zeros(4), xs[0])
        return jax.lax.scan(make_step(cell), h, xs[1:])
"""


def test_scn104_cells_in_bodies_made_by_factories(tmp_path: Path) -> None:
    findings = [f for f in lint(FACTORY_MADE_BODIES) if f.code.startswith("SCN1")]
    assert [(f.code, f.line) for f in findings] == [("SCN104", 8), ("SCN104", 25)]
    module = load(FACTORY_MADE_BODIES, tmp_path, "factory_made_bodies")
    for name in ("FactoryOfSetupCell", "MethodFactory"):
        init_leaks_then_apply_raises(getattr(module, name)(), XS)
    model = module.CalledFirst()
    variables = model.init(KEY, XS)
    assert not leaks_tracers(variables)
    model.apply(variables, XS)


LIFTED_CLASSES = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Block(nn.Module):
    @nn.compact
    def __call__(self, h, x):
        return nn.tanh(nn.Dense(4)(h) + x), h

class BuiltInBody(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            return nn.remat(Block)()(h, x)
        return jax.lax.scan(step, jnp.zeros(4), xs)

class FirstCalledInBody(nn.Module):
    @nn.compact
    def __call__(self, xs):
        block = nn.checkpoint(Block)()
        return jax.lax.scan(lambda h, x: block(h, x), jnp.zeros(4), xs)

class CalledFirst(nn.Module):
    @nn.compact
    def __call__(self, xs):
        block = nn.checkpoint(Block)()
        h, _ = block(jnp.zeros(4), xs[0])
        return jax.lax.scan(lambda h, x: block(h, x), h, xs)

class Sampler(nn.Module):
    def setup(self):
        self.block = nn.remat(Block)()

    def __call__(self, x):
        return self.block(jnp.zeros(4), x)

    def sample(self, xs):
        return jax.lax.scan(lambda h, x: self.block(h, x), jnp.zeros(4), xs)
"""


def test_scn101_scn104_lifted_module_classes(tmp_path: Path) -> None:
    """`nn.remat(Block)` and `nn.checkpoint(Block)` are module classes: built or called in the
    body while `init` runs, their parameters leak, even after a call before the scan (a lifted
    module writes its variables back after each call); scanned only under `apply`, it works."""
    findings = [f for f in lint(LIFTED_CLASSES) if f.code.startswith("SCN1")]
    assert [(f.code, f.line) for f in findings] == [("SCN101", 15), ("SCN104", 22), ("SCN104", 29)]
    assert "a lifted module writes its variables back" in findings[2].message
    module = load(LIFTED_CLASSES, tmp_path, "lifted_classes")
    for name in ("BuiltInBody", "FirstCalledInBody", "CalledFirst"):
        init_leaks_then_apply_raises(getattr(module, name)(), XS)
    sampler = module.Sampler()
    variables = sampler.init(KEY, XS[0])
    assert not leaks_tracers(variables)
    assert sampler.apply(variables, XS, method=module.Sampler.sample)[0].shape == (4,)


VARIABLE_SUBCLASS = """
import jax
import jax.numpy as jnp
from flax import nnx

class Count(nnx.Variable):
    pass

steps = Count(jnp.array(0))

def run(xs):
    def step(h, x):
        steps[...] = steps[...] + 1
        return h + x, h
    return jax.lax.scan(step, jnp.zeros(2), xs)

def fresh(xs):
    def step(h, x):
        local = Count(jnp.array(0))
        local[...] = local[...] + 1
        return h + x, h
    return jax.lax.scan(step, jnp.zeros(2), xs)
"""


def test_scn105_a_variable_subclass_updated_in_the_body_raises(tmp_path: Path) -> None:
    (finding,) = [f for f in lint(VARIABLE_SUBCLASS) if f.code.startswith("SCN1")]
    assert (finding.code, finding.line) == ("SCN105", 13)
    assert "TraceContextError" in finding.message
    module = load(VARIABLE_SUBCLASS, tmp_path, "variable_subclass")
    xs = jnp.ones((3, 2))
    with pytest.raises(flax.errors.TraceContextError):
        module.run(xs)
    module.fresh(xs)


CALL_UPDATES_STATE = """
import jax
import jax.numpy as jnp
from flax import nnx

class StepCount(nnx.Variable):
    pass

class Model(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(2, 2, rngs=rngs)
        self.calls = StepCount(jnp.array(0))

    def __call__(self, x):
        self.calls[...] += 1
        return self.linear(x)

class Plain(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)

def counted(xs):
    model = Model(nnx.Rngs(0))
    return jax.lax.scan(lambda h, x: (model(h + x), h), jnp.zeros(2), xs)

def plain(xs):
    model = Plain(nnx.Rngs(0))
    return jax.lax.scan(lambda h, x: (model(h + x), h), jnp.zeros(2), xs)
"""


def test_scn105_a_module_whose_call_updates_its_state_raises(tmp_path: Path) -> None:
    (finding,) = [f for f in lint(CALL_UPDATES_STATE) if f.code.startswith("SCN1")]
    assert (finding.code, finding.line) == ("SCN105", 27)
    assert "`self.calls[...]`" in finding.message
    module = load(CALL_UPDATES_STATE, tmp_path, "call_updates_state")
    xs = jnp.ones((3, 2))
    with pytest.raises(flax.errors.TraceContextError):
        module.counted(xs)
    module.plain(xs)


BATCH_NORM_IN_BODY = """
import flax.linen as nn
import jax
import jax.numpy as jnp

class Net(nn.Module):
    train: bool = True

    def setup(self):
        self.dense = nn.Dense(4)
        self.bn = nn.BatchNorm(use_running_average=not self.train)

    def __call__(self, xs):
        h = self.bn(self.dense(xs[0]))
        def step(h, x):
            h = self.bn(self.dense(h) + x)
            return h, h
        return jax.lax.scan(step, h, xs)
"""


def test_scn102_batch_norm_in_training_mode_leaks_its_statistics(tmp_path: Path) -> None:
    """Called in the body after a first call, a training BatchNorm stores its statistics as
    tracers: `apply(..., mutable=['batch_stats'])` returns them leaked, and using them raises.
    Built with `train=False` only, nothing is reported and it runs."""
    assert "`UnexpectedTracerError`" in message(BATCH_NORM_IN_BODY, "SCN102")
    module = load(BATCH_NORM_IN_BODY, tmp_path, "batch_norm_in_body")
    xs = jnp.ones((3, 2, 4))
    model = module.Net()
    variables = model.init(KEY, xs)
    _, updates = model.apply(variables, xs, mutable=["batch_stats"])
    assert leaks_tracers(updates)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply({**variables, **updates}, xs, mutable=["batch_stats"])
    evaluation = BATCH_NORM_IN_BODY + "\n\ndef build():\n    return Net(train=False)\n"
    evaluation = evaluation.replace("train: bool = True", "train: bool = False")
    assert not [f for f in lint(evaluation) if f.code.startswith("SCN1")]
    model = load(evaluation, tmp_path, "batch_norm_eval").build()
    model.apply(model.init(KEY, xs), xs)


BRANCHES_SOW_AND_PARAMETERS = """
import flax.linen as nn
import jax
import jax.numpy as jnp
from flax import nnx

def mirror(mdl, h):
    return -mdl.refine(-h)

class Refiner(nn.Module):
    def setup(self):
        self.refine = nn.Dense(4)

    def __call__(self, xs):
        def refine_branch(mdl, h):
            return mdl.refine(h)

        def step(h, x):
            h = nn.cond(jnp.sum(x) > 0, refine_branch, mirror, self, h)
            return h, h

        return jax.lax.scan(step, jnp.zeros(4), xs)

class Block(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        self.sow(nnx.Intermediate, "activations", h)
        return h

def sowing(xs):
    blocks = nnx.List([Block(nnx.Rngs(0)) for _ in range(2)])
    def step(h, x):
        for block in blocks:
            h = block(h + x)
        return h, h
    return jax.lax.scan(step, jnp.zeros(4), xs)

def loss_fn(model, x):
    return jnp.mean(model(x) ** 2)

def inner_adapt(model, xs):
    def step(carry, x):
        return carry, nnx.grad(loss_fn)(model, x)
    return jax.lax.scan(step, 0.0, xs)

def adapted(xs):
    return inner_adapt(nnx.Linear(4, 1, rngs=nnx.Rngs(0)), xs)
"""


def test_scn104_scn105_branches_sow_and_models_given_as_parameters(tmp_path: Path) -> None:
    """A branch function `nn.cond` runs in the body makes a submodule's first call; an NNX
    block that sows is called in the body; an outside model reaches `nnx.grad` in the body as a
    parameter of the function running the scan: each fails as its finding says."""
    findings = [(f.code, f.line) for f in lint(BRANCHES_SOW_AND_PARAMETERS) if f.code.startswith("SCN1")]
    assert findings == [("SCN104", 8), ("SCN104", 16), ("SCN105", 37), ("SCN105", 46)]
    module = load(BRANCHES_SOW_AND_PARAMETERS, tmp_path, "branches_sow_parameters")
    xs = jnp.ones((3, 4))
    init_leaks_then_apply_raises(module.Refiner(), xs)
    with pytest.raises(flax.errors.TraceContextError):
        module.sowing(xs)
    with pytest.raises((flax.errors.TraceContextError, ValueError), match="different trace level"):
        module.adapted(xs)


OTHER_LOOPS = """
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax import nnx

class Decoder(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def __call__(self, xs):
        def body(i, h):
            h, _ = self.cell(h, xs[i])
            return h
        return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(4))

class WarmDecoder(nn.Module):
    def setup(self):
        self.cell = nn.GRUCell(4)

    def __call__(self, xs):
        h, _ = self.cell(jnp.zeros(4), xs[0])
        def body(i, h):
            return self.cell(h, xs[i])[0]
        return jax.lax.fori_loop(1, xs.shape[0], body, h)

class Sampler(nn.Module):
    @nn.compact
    def __call__(self, x):
        def body(state):
            i, h, noise = state
            draw = jax.random.normal(self.make_rng("noise"), h.shape)
            return i + 1, h + draw, noise.at[i].set(draw)
        return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, x, jnp.zeros((3,) + x.shape)))[2]

def train(xs):
    model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    def body(i, loss):
        grads = nnx.grad(lambda m: jnp.mean(m(xs[i]) ** 2))(model)
        optimizer.update(model, grads)
        return loss
    return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)
"""


def test_fori_loop_and_while_loop_bodies_fail_as_scan_bodies_do(tmp_path: Path) -> None:
    """A fori_loop or while_loop traces its body once, like a scan: a submodule first called
    there leaks, `make_rng` draws once, NNX state cannot change there; the messages name the
    loop and offer no fix (fixes are proven on scans only)."""
    findings = [f for f in lint(OTHER_LOOPS) if f.code.startswith("SCN1")]
    assert [(f.code, f.line) for f in findings] == [("SCN104", 14), ("SCN103", 33), ("SCN105", 41), ("SCN105", 42)]
    assert "raw lax.fori_loop body" in findings[0].message and "raw lax.while_loop body" in findings[1].message
    assert "`nn.while_loop`" in findings[1].message and "`nnx.fori_loop`" in findings[3].message
    assert all(f.fix is None for f in findings)
    module = load(OTHER_LOOPS, tmp_path, "other_loops")
    xs = jnp.ones((3, 4))
    init_leaks_then_apply_raises(module.Decoder(), xs)
    model = module.WarmDecoder()
    variables = model.init(KEY, xs)
    assert not leaks_tracers(variables)
    model.apply(variables, xs)
    sampler = module.Sampler()
    noise = sampler.apply({}, jnp.zeros(2), rngs={"noise": KEY})
    assert steps_identical(noise)
    with pytest.raises((flax.errors.TraceContextError, ValueError), match="different trace level"):
        module.train(xs)


AGENT_METHODS = """
import jax
import jax.numpy as jnp
from flax import nnx


class Agent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.policy = nnx.Linear(4, 2, rngs=rngs)
        self.rngs = rngs

    def act(self, obs):
        return jax.random.categorical(self.rngs.action(), self.policy(obs))

    def value(self, obs):
        return self.policy(obs).sum()


class Trainer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.agent = Agent(rngs)

    def rollout(self, obs0, n):
        def step(obs, _):
            return obs + self.agent.act(obs), self.agent.value(obs)
        return jax.lax.scan(step, obs0, None, length=n)


def run(agent, obs0, n):
    def step(obs, _):
        return obs + agent.act(obs), agent.value(obs)
    return jax.lax.scan(step, obs0, None, length=n)


def main():
    return run(Agent(nnx.Rngs(params=0, action=1)), jnp.ones(4), 3)
"""


def test_scn105_a_method_of_an_outside_object_that_draws_from_its_rngs_raises(tmp_path: Path) -> None:
    """`agent.act(obs)` draws from the `nnx.Rngs` the agent stores, through `self.agent` or a
    parameter of the function running the scan: both raise; `agent.value(obs)` changes nothing."""
    findings = [(f.code, f.line) for f in lint(AGENT_METHODS) if f.code.startswith("SCN1")]
    assert findings == [("SCN105", 25), ("SCN105", 31)]
    module = load(AGENT_METHODS, tmp_path, "agent_methods")
    with pytest.raises(flax.errors.TraceContextError):
        module.main()
    with pytest.raises(flax.errors.TraceContextError):
        module.Trainer(nnx.Rngs(params=0, action=1)).rollout(jnp.ones(4), 3)


RUNNING_NORM = """
import flax.linen as nn
import jax
import jax.numpy as jnp


class RunningNorm(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        if not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
        return x - mean.value


class Policy(nn.Module):
    def setup(self):
        self.norm = RunningNorm()
        self.head = nn.Dense(3)

    def __call__(self, obs):
        return self.head(self.norm(obs))

    def rollout(self, obs0, n):
        def step(obs, _):
            action = self.head(self.norm(obs))
            return obs + action.mean(), action
        return jax.lax.scan(step, obs0, None, length=n)

"""


def test_scn102_a_submodule_updating_its_statistics_in_the_body(tmp_path: Path) -> None:
    """Called in a scan that runs under `apply`, a submodule whose `__call__` updates its
    running mean stores a tracer: without `mutable` the update is refused, with it the new
    value comes back leaked."""
    (finding,) = [f for f in lint(RUNNING_NORM) if f.code.startswith("SCN1")]
    assert (finding.code, finding.line) == ("SCN102", 28)
    assert "`ModifyScopeVariableError`" in finding.message
    module = load(RUNNING_NORM, tmp_path, "running_norm")
    model = module.Policy()
    obs = jnp.ones((2, 3))
    variables = model.init(KEY, obs)
    with pytest.raises(flax.errors.ModifyScopeVariableError):
        model.apply(variables, obs, 3, method=module.Policy.rollout)
    _, updates = model.apply(variables, obs, 3, method=module.Policy.rollout, mutable=["stats"])
    assert leaks_tracers(updates)


# ---------------------------------------------------------------------------------------------
# SCN106

ESCAPING_VALUES = """\
import jax
import jax.numpy as jnp
from flax import nnx

def hidden_list(cell, xs):
    hidden_states = []

    def step(h, x):
        h, _ = cell(h, x)
        hidden_states.append(h)
        return h, None

    jax.lax.scan(step, jnp.zeros((2, 5)), xs)
    return jnp.stack(hidden_states)

def stats_dict(w, xs):
    state = {"w": w, "mean": jnp.zeros(3)}

    def step(w, x):
        state["mean"] = 0.9 * state["mean"] + 0.1 * x
        return w - 0.1 * x, None

    w, _ = jax.lax.scan(step, state["w"], xs)
    return w + state["mean"]

def rebound(model, xs):
    graphdef, state = nnx.split(model)

    def step(state, x):
        nonlocal model
        model = nnx.merge(graphdef, state)
        return nnx.state(model), model(x)

    state, _ = jax.lax.scan(step, state, xs)
    return model(xs[0])

def as_outputs(cell, xs):
    def step(h, x):
        h, _ = cell(h, x)
        return h, h

    _, hidden_states = jax.lax.scan(step, jnp.zeros((2, 5)), xs)
    return hidden_states
"""


def test_scn106_loop_values_stored_outside_the_body_raise_where_used(tmp_path: Path) -> None:
    """A list the body appends to, a dict it writes a key of and a `nonlocal` name it rebinds
    each hold one tracer of the scan after the loop, and using it raises
    `UnexpectedTracerError`, as SCN106 says; returning the values as `ys` works."""
    findings = [f for f in lint(ESCAPING_VALUES) if f.code.startswith("SCN1")]
    assert [(f.line, f.code) for f in findings] == [(10, "SCN106"), (20, "SCN106"), (31, "SCN106")]
    assert all("raises `UnexpectedTracerError`" in f.message for f in findings)
    module = load(ESCAPING_VALUES, tmp_path, "escaping_values")
    cell = nnx.GRUCell(3, 5, rngs=nnx.Rngs(0))
    xs = jnp.ones((4, 2, 3))
    with pytest.raises(jax.errors.UnexpectedTracerError):
        module.hidden_list(cell, xs)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        module.stats_dict(jnp.ones(3), jnp.ones((4, 3)))
    with pytest.raises(jax.errors.UnexpectedTracerError):
        module.rebound(nnx.Linear(3, 3, rngs=nnx.Rngs(0)), jnp.ones((4, 3)))
    assert module.as_outputs(cell, xs).shape == (4, 2, 5)


OBJECT_STATE = """\
import jax
import jax.numpy as jnp

class LossHistory:
    def __init__(self):
        self.losses = []

    def after_step(self, loss):
        self.losses.append(loss)

    def mean(self):
        return jnp.stack(self.losses).mean()

class BestTracker:
    def __init__(self):
        self.best = jnp.inf

    def update(self, value):
        self.best = jnp.minimum(self.best, value)

class Trainer:
    def __init__(self, hooks):
        self.hooks = hooks
        self.norms = []

    def fit(self, w, xs):
        def body(w, x):
            loss, g = jax.value_and_grad(lambda v: jnp.mean((x @ v) ** 2))(w)
            self.norms.append(jnp.linalg.norm(g))
            for hook in self.hooks:
                hook.after_step(loss)
            return w - 0.1 * g, loss

        return jax.lax.scan(body, w, xs)

    def norm_trace(self):
        return jnp.stack(self.norms)

def track(tracker, w, xs):
    def body(w, x):
        loss = jnp.mean((x @ w) ** 2)
        tracker.update(loss)
        return w * 0.9, loss

    return jax.lax.scan(body, w, xs)
"""


def test_scn106_loop_values_kept_by_plain_objects_raise_where_used(tmp_path: Path) -> None:
    """A list a trainer keeps, a hook's history (one of a list of hooks the trainer is given)
    and a tracker's attribute set by a method the body calls each hold a tracer of the scan
    after the loop, and using it raises `UnexpectedTracerError`, as SCN106 says; the losses the
    scan returns as `ys` are fine."""
    main = OBJECT_STATE + """
def main_history():
    history = LossHistory()
    Trainer([history]).fit(jnp.ones((3, 2)), jnp.ones((4, 5, 3)))
    return history.mean()

def main_norms():
    trainer = Trainer([])
    trainer.fit(jnp.ones((3, 2)), jnp.ones((4, 5, 3)))
    return trainer.norm_trace()

def main_tracker():
    tracker = BestTracker()
    _, losses = track(tracker, jnp.ones((3, 2)), jnp.ones((4, 5, 3)))
    return losses, tracker.best + 0.0
"""
    findings = [f for f in lint(main) if f.code.startswith("SCN1")]
    assert [(f.line, f.code) for f in findings] == [(29, "SCN106"), (31, "SCN106"), (42, "SCN106")]
    assert all("raises `UnexpectedTracerError`" in f.message for f in findings)
    module = load(main, tmp_path, "object_state")
    for run in (module.main_history, module.main_norms, module.main_tracker):
        with pytest.raises(jax.errors.UnexpectedTracerError):
            run()
    _, losses = module.track(module.BestTracker(), jnp.ones((3, 2)), jnp.ones((4, 5, 3)))
    assert losses.shape == (4,)
