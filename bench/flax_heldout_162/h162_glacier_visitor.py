# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 calibrator.params reach the scan body through a DecayVisitor walking the param tree; the visitor records the visited leaves on itself and the calibrator rebuilds its params from that record after the loop
"""Glacier melt model calibration: a visitor walks the Linen parameter tree and
shrinks kernels each season while the melt model is scored on field data."""
from collections.abc import Mapping

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import traverse_util
from jax.lax import scan


class MeltModel(nn.Module):
    @nn.compact
    def __call__(self, weather):
        h = nn.Dense(12, name="energy_balance")(weather)
        return nn.Dense(1, name="runoff")(nn.softplus(h))[..., 0]


class TreeVisitor:
    def visit(self, tree, path=()):
        if isinstance(tree, Mapping):
            return {k: self.visit(v, path + (k,)) for k, v in tree.items()}
        return self.visit_leaf(path, tree)

    def visit_leaf(self, path, leaf):
        return leaf


class DecayVisitor(TreeVisitor):
    def __init__(self, rate):
        self.rate = rate
        self.record = {}

    def visit_leaf(self, path, leaf):
        new = leaf * (1.0 - self.rate) if path[-1] == "kernel" else leaf
        self.record[path] = new
        return new

    def rebuild(self):
        return traverse_util.unflatten_dict(self.record)


class Calibrator:
    def __init__(self, model, params, visitor):
        self.model = model
        self.params = params
        self.visitor = visitor

    def run_seasons(self, weather, runoff):
        def season(total, batch):
            x, y = batch
            params = self.visitor.visit(self.params)
            err = ((self.model.apply({"params": params}, x) - y) ** 2).mean()
            return total + err, err

        total, errs = scan(season, jnp.zeros(()), (weather, runoff))
        self.params = self.visitor.rebuild()
        return total


def main():
    weather = jax.random.normal(jax.random.key(0), (4, 20, 5))
    runoff = jax.random.uniform(jax.random.key(1), (4, 20))
    model = MeltModel()
    params = model.init(jax.random.key(2), weather[0])["params"]
    calibrator = Calibrator(model, params, DecayVisitor(rate=0.05))
    calibrator.run_seasons(weather, runoff)
    model.apply({"params": calibrator.params}, weather[0])
    return None
