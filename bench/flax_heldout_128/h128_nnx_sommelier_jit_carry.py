# label: ok
# flax-error: none
# class: 5 TastingPanel keeps an nnx.jit-compiled scoring function; the model state rides in the scan carry and the body calls the function on nnx.merge(graphdef, state)
"""Wine tasting panel: score a flight of wines pour by pour with a compiled scorer.

The panel compiles its scoring function once with nnx.jit and keeps it; the model is
split before the scan and rebuilt inside the body from the carried state.
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
        graphdef, state = nnx.split(self.model)

        def pour(carry, descriptors):
            fatigue, state = carry
            model = nnx.merge(graphdef, state)
            points = self._score(model, descriptors, fatigue)
            return (fatigue + 0.3, nnx.state(model)), points

        (_, state), points = jax.lax.scan(pour, (jnp.zeros(()), state), flight)
        nnx.update(self.model, state)
        return points


def main():
    flight = jax.random.normal(jax.random.key(13), (6, 3, 10))  # 6 pours, 3 tasters, 10 descriptors
    panel = TastingPanel(PalateModel(nnx.Rngs(0)))
    points = panel.score_flight(flight)
    print(points.mean(axis=1))
    return None
