# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 TastingPanel keeps an nnx.jit-compiled scoring function; the scan body calls it on self.model, created outside the scan
"""Wine tasting panel: score a flight of wines pour by pour with a compiled scorer.

The panel compiles its scoring function once with nnx.jit and keeps it; a flight is
scored with a raw scan that also tracks palate fatigue.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PalateModel(nnx.Module):
    def __init__(self, rngs):
        self.aroma = nnx.Linear(10, 16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, descriptors):
        return 80.0 + 20.0 * nnx.sigmoid(self.score(nnx.tanh(self.aroma(descriptors))))[..., 0]


def score_pour(model, descriptors, fatigue):
    return model(descriptors) - fatigue


class TastingPanel:
    def __init__(self, model):
        self.model = model
        self._score = nnx.jit(score_pour)

    def score_flight(self, flight):
        def pour(fatigue, descriptors):
            points = self._score(self.model, descriptors, fatigue)
            return fatigue + 0.3, points

        _, points = jax.lax.scan(pour, jnp.zeros(()), flight)
        return points


def main():
    flight = jax.random.normal(jax.random.key(13), (6, 3, 10))  # 6 pours, 3 tasters, 10 descriptors
    panel = TastingPanel(PalateModel(nnx.Rngs(0)))
    points = panel.score_flight(flight)
    print(points.mean(axis=1))
    return None
