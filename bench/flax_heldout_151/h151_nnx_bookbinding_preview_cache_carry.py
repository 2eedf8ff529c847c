# label: ok
# flax-error: none
# class: 4 the scan body merges engine.graphdef with the carried state; the state leaves through the carry and the preview model is merged from it after the loop
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
            return nnx.state(model), widths.mean()

        self.state, mean_widths = lax.scan(absorb, self.state, batches)
        self.previews["latest"] = nnx.merge(self.graphdef, self.state)
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
