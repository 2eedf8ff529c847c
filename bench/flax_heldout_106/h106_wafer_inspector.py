# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the inspector's own __call__ runs lax.scan over wafer tiles and sows each tile's defect scores from the body
"""Fab metrology: score every die on a wafer, tile by tile, and keep per-tile scores for the yield report."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class WaferInspector(nn.Module):
    channels: int = 12
    alarm: float = 0.8

    def setup(self):
        self.embed = nn.Dense(self.channels)
        self.head = nn.Dense(1)

    def score_tile(self, dies):
        return nn.sigmoid(self.head(nn.gelu(self.embed(dies))))[:, 0]

    def __call__(self, tiles):
        def tile(n_alarms, dies):
            scores = self.score_tile(dies)
            self.sow("intermediates", "tile_scores", scores)
            return n_alarms + jnp.sum(scores > self.alarm), jnp.max(scores)

        return lax.scan(tile, jnp.zeros((), jnp.int32), tiles)


class YieldReport:
    def __init__(self, model: WaferInspector, variables):
        self.model = model
        self.variables = variables

    def inspect(self, tiles):
        (n_alarms, worst), state = self.model.apply(self.variables, tiles, mutable=["intermediates"])
        per_tile = state["intermediates"]["tile_scores"]
        return {"alarms": n_alarms, "worst": worst, "mean_score": jnp.mean(jnp.stack(per_tile))}


def main():
    tiles = jax.random.normal(jax.random.key(4), (6, 20, 9))
    model = WaferInspector()
    variables = model.init(jax.random.key(0), tiles[0], method=WaferInspector.score_tile)
    report = YieldReport(model, variables).inspect(tiles)
    print(report)
