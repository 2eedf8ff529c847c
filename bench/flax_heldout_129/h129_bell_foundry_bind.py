# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 pipeline.adapter.predict() calls a model.bind(..., mutable=['batch_stats']) kept by the adapter inside the fori_loop body
"""Cooling-curve prediction for a bell foundry's casting line.

The adapter keeps a bound network so that callers can treat it as a plain function; the
annealing pipeline steps the furnace temperature profile and accumulates predicted stress.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CoolingNet(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, temps, train: bool = False):
        h = nn.Dense(self.hidden)(temps)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


class CastingAdapter:
    def __init__(self, model: CoolingNet, variables):
        self._bound = model.bind(variables, mutable=["batch_stats"])

    def predict(self, temps):
        return self._bound(temps, train=True)

    def running_stats(self):
        return self._bound.variables["batch_stats"]


class FoundryPipeline:
    def __init__(self, adapter: CastingAdapter, n_stages: int):
        self.adapter = adapter
        self.n_stages = n_stages

    def anneal(self, temps):
        def stage(i, stress):
            profile = temps * (1.0 - 0.05 * i)
            return stress + self.adapter.predict(profile).mean()

        return lax.fori_loop(0, self.n_stages, stage, jnp.zeros(()))


def stats_drift(stats):
    return sum(jnp.abs(leaf).sum() for leaf in jax.tree.leaves(stats))


def main():
    model = CoolingNet()
    temps = jax.random.uniform(jax.random.key(0), (16, 4), minval=600.0, maxval=1100.0) / 1000.0
    variables = model.init(jax.random.key(1), temps)
    pipeline = FoundryPipeline(CastingAdapter(model, variables), n_stages=5)
    pipeline.anneal(temps)
    stats_drift(pipeline.adapter.running_stats())
    return None
