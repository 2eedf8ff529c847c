"""Linen scan bodies and helpers defined in another file of the project: what such a function
does to the module or the submodule it is handed (`functools.partial(step, self)`,
`update(self.cell, h, x)`) is read there, and the finding sits where this file hands it over."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import file_findings as findings
from helpers import write_tree as write

from scanlint.engine import lint_source
from scanlint.registry import RULES

STEPS = """\
import jax
import jax.numpy as jnp
import flax.linen as nn


def param_step(module, h, x):
    w = module.param("w", nn.initializers.normal(0.1), (h.shape[-1], h.shape[-1]))
    return jnp.tanh(h @ w + x), h


def noisy_step(module, h, x):
    noise = jax.random.normal(module.make_rng("noise"), h.shape)
    return h + noise + x, noise


def cell_step(cell, h, x):
    h = jnp.tanh(cell(h) + x)
    return h, h


def attribute_step(module, h, x):
    h = jnp.tanh(module.cell(h) + x)
    return h, h


def plain_step(scale, h, x):
    return h * scale + x, h


def update(cell, h, x):
    return jnp.tanh(cell(h) + x)
"""

MODEL = """\
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

from .steps import attribute_step, cell_step, noisy_step, param_step, plain_step, update


class ParamRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return jax.lax.scan(functools.partial(param_step, self), jnp.zeros(xs.shape[1:]), xs)


class NoisyWalk(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return jax.lax.scan(functools.partial(noisy_step, self), jnp.zeros(xs.shape[1:]), xs)


class CellRNN(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        return jax.lax.scan(functools.partial(cell_step, self.cell), jnp.zeros(4), xs)


class AttributeRNN(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        step = functools.partial(attribute_step, self)
        return jax.lax.scan(step, jnp.zeros(4), xs)


class HelperRNN(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        def step(h, x):
            h = update(self.cell, h, x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(4), xs)
"""

WORKING = """\
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

from .steps import attribute_step, cell_step, param_step, plain_step, update


class CalledFirst(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, xs):
        h = jnp.tanh(self.cell(xs[0]))
        h = jax.lax.scan(functools.partial(cell_step, self.cell), h, xs)[0]
        return jax.lax.scan(functools.partial(attribute_step, self), h, xs)


class Sampler(nn.Module):
    def setup(self):
        self.cell = nn.Dense(4)

    def __call__(self, x):
        return self.cell(x)

    def sample(self, xs):
        def step(h, x):
            h = update(self.cell, h, x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(4), xs)


class Scaled(nn.Module):
    @nn.compact
    def __call__(self, xs):
        return jax.lax.scan(functools.partial(plain_step, 0.5), jnp.zeros(xs.shape[1:]), xs)


class ParamFirst(nn.Module):
    @nn.compact
    def __call__(self, xs):
        w = self.param("w", nn.initializers.normal(0.1), (4, 4))
        return jax.lax.scan(lambda h, x: (jnp.tanh(h @ w + x), h), jnp.zeros(4), xs)
"""


def lint_file(path: Path):
    return list(lint_source(str(path), path.read_bytes(), frozenset(rule.code for rule in RULES)).findings)


def test_bodies_and_helpers_of_another_file_are_read_there(tmp_path: Path) -> None:
    write(tmp_path, {"fpkg/__init__.py": "", "fpkg/steps.py": STEPS, "fpkg/model.py": MODEL})
    path = tmp_path / "fpkg" / "model.py"
    assert findings(path) == [(13, "SCN102"), (19, "SCN103"), (27, "SCN104"), (35, "SCN104"), (45, "SCN104")]
    messages = [f.message for f in lint_file(path)]
    assert messages[0].startswith("`param_step` (in `steps.py`) runs `module.param(...)` on the module passed here")
    assert "`UnexpectedTracerError`" in messages[0]
    assert messages[1].startswith("`noisy_step` (in `steps.py`) runs `module.make_rng(...)`")
    assert "`self.cell` is first called inside a raw lax.scan body" in messages[2]
    assert "(by `cell_step`, in `steps.py`)" in messages[2]
    assert findings(tmp_path / "fpkg" / "steps.py") == []


def test_what_works_stays_silent(tmp_path: Path) -> None:
    write(tmp_path, {"wpkg/__init__.py": "", "wpkg/steps.py": STEPS, "wpkg/working.py": WORKING})
    assert findings(tmp_path / "wpkg" / "working.py") == []


def test_an_unknown_function_stays_silent(tmp_path: Path) -> None:
    """A name the project does not define (a library's, or a file that does not parse)."""
    write(tmp_path, {"upkg/__init__.py": "", "upkg/steps.py": "def param_step(:\n", "upkg/model.py": MODEL})
    assert findings(tmp_path / "upkg" / "model.py") == []


def test_the_cross_file_findings_are_what_flax_does(tmp_path: Path) -> None:
    jax = pytest.importorskip("jax")
    pytest.importorskip("flax")
    write(tmp_path, {"rpkg/__init__.py": "", "rpkg/steps.py": STEPS, "rpkg/model.py": MODEL, "rpkg/working.py": WORKING})
    sys.path.insert(0, str(tmp_path))
    try:
        from rpkg import model, working  # type: ignore[import-not-found]

        key = jax.random.PRNGKey(0)
        xs = jax.numpy.ones((3, 4))
        for name in ("ParamRNN", "CellRNN", "AttributeRNN", "HelperRNN"):
            module = getattr(model, name)()
            variables = module.init(key, xs)
            with pytest.raises(jax.errors.UnexpectedTracerError):
                module.apply(variables, xs)
        walk = model.NoisyWalk()
        noise = walk.apply(walk.init({"params": key, "noise": key}, xs), xs, rngs={"noise": key})[1]
        assert bool(jax.numpy.all(noise == noise[0]))  # the same noise at every step
        for name in ("CalledFirst", "Scaled", "ParamFirst"):
            module = getattr(working, name)()
            module.apply(module.init(key, xs), xs)
        sampler = working.Sampler()
        variables = sampler.init(key, xs[0])
        sampler.apply(variables, xs, method=working.Sampler.sample)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "rpkg" or m.startswith("rpkg.")]:
            del sys.modules[name]
