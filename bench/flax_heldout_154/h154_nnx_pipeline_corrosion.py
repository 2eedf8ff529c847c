# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CorrosionInspector.ctx (SimpleNamespace) -> graphdef/state; the fori_loop body nnx.merges the carried state and parks the merged model in ctx.latest and a weakref cache that probe() uses after the loop
"""Pipeline wall-loss (corrosion) model updated from in-line inspection runs.

The inspector keeps its (eval-mode) model split (graphdef + state) so the
state can ride through the loop. For the operator console it also keeps "the latest model"
in a weakref cache, refreshed as the run progresses.
"""
import types
import weakref

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class WallLossModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sensor = nnx.Linear(5, 10, rngs=rngs)
        self.norm = nnx.BatchNorm(10, rngs=rngs)
        self.loss_mm = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.loss_mm(nnx.tanh(self.norm(self.sensor(x)))))[:, 0]


class CorrosionInspector:
    def __init__(self, model):
        model.eval()
        graphdef, state = nnx.split(model)
        self.ctx = types.SimpleNamespace(graphdef=graphdef, state=state, latest=None)
        self.cache = weakref.WeakValueDictionary()

    def run(self, segments):
        ctx, cache = self.ctx, self.cache

        def body(i, carry):
            state, worst = carry
            model = nnx.merge(ctx.graphdef, state)
            loss = model(segments[i])
            ctx.latest = model
            cache["latest"] = model
            return nnx.state(model), jnp.maximum(worst, loss.max())

        ctx.state, worst = lax.fori_loop(0, segments.shape[0], body, (ctx.state, jnp.zeros(())))
        return worst

    def probe(self, segment):
        model = self.cache.get("latest")
        if model is None:
            model = nnx.merge(self.ctx.graphdef, self.ctx.state)
        return model(segment)


def main():
    inspector = CorrosionInspector(WallLossModel(nnx.Rngs(0)))
    segments = jax.random.normal(jax.random.key(9), (5, 4, 5))
    inspector.run(segments)
    inspector.probe(segments[-1])
    return None
