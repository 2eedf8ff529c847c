# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the snowpack model wraps its layer cell with nn.remat and calls the rematerialised cell for the first time inside the raw lax.scan body, so its parameters are created there during init
"""Avalanche warning service: a snowpack model walks down the measured snow layers of a
profile pit (density, grain size, temperature gradient) and scores the weak-layer
instability. The per-layer cell is rematerialised to keep memory flat on deep pits."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LayerCell(nn.Module):
    width: int

    @nn.compact
    def __call__(self, state, layer):
        gate = nn.sigmoid(nn.Dense(self.width)(jnp.concatenate([state, layer])))
        return gate * state + (1.0 - gate) * jnp.tanh(nn.Dense(self.width)(layer))


RematCell = nn.remat(LayerCell)


class SnowpackModel(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, layers):
        cell = RematCell(self.width)

        def descend(state, layer):
            state = cell(state, layer)
            return state, state

        state, _ = lax.scan(descend, jnp.zeros(self.width), layers)
        return nn.sigmoid(nn.Dense(1)(state))[0]


class PitProfileScorer:
    def __init__(self, seed=0):
        self.model = SnowpackModel()
        self.seed = seed
        self.variables = None

    def fit_shapes(self, example_pit):
        self.variables = self.model.init(jax.random.key(self.seed), example_pit)

    def score(self, pit):
        return self.model.apply(self.variables, pit)


def main():
    pit = jax.random.normal(jax.random.key(6), (9, 4))  # layers x (density, grain, gradient, hardness)
    scorer = PitProfileScorer()
    scorer.fit_shapes(pit)
    scorer.score(pit)
    return None
