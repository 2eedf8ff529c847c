# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges engine.graphdef with the carried state and stores the merged model in engine.previews, which the binding service reads later
"""Bookbindery spine-layout adaptation.

The layout engine adapts its spine-width model to a new paper stock by
streaming signature batches through it; the batch statistics follow the
stock. Operators want a live preview, so the engine keeps the most recent
model in a preview cache that the binding service renders from.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class StockConfig:
    measurements: int = 5
    hidden: int = 8


class SpineLayoutNet(nnx.Module):
    def __init__(self, config: StockConfig, rngs: nnx.Rngs):
        self.embed = nnx.Linear(config.measurements, config.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(config.hidden, momentum=0.8, rngs=rngs)
        self.width = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, signatures):
        return nnx.softplus(self.width(self.norm(self.embed(signatures))))[..., 0]


class LayoutEngine:
    def __init__(self, model: SpineLayoutNet):
        self.graphdef, self.state = nnx.split(model)
        self.previews = {}

    def adapt(self, batches):
        def absorb(state, signatures):
            model = nnx.merge(self.graphdef, state)
            widths = model(signatures)
            self.previews["latest"] = model
            return nnx.state(model), widths.mean()

        self.state, mean_widths = lax.scan(absorb, self.state, batches)
        return mean_widths


class BindingService:
    def __init__(self, engine: LayoutEngine):
        self.engine = engine

    def spine_profile(self):
        model = self.engine.previews["latest"]
        return jnp.linalg.norm(model.width.kernel[...]) * jnp.mean(model.norm.mean[...])


def main():
    engine = LayoutEngine(SpineLayoutNet(StockConfig(), nnx.Rngs(0)))
    service = BindingService(engine)
    engine.adapt(jax.random.normal(jax.random.key(4), (4, 6, 5)) + 2.0)
    service.spine_profile()
    return None
