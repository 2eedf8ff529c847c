# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 attribution_probe binds the model with mutable=["intermediates"] into a local; the fori_loop body calls bound.encode, which sows per-season activations
"""Crop-yield model with an attribution probe that collects per-season activations."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class YieldModel(nn.Module):
    hidden: int = 12

    def setup(self):
        self.season = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def encode(self, season_obs):
        h = nn.swish(self.season(season_obs))
        self.sow("intermediates", "season_activation", h)
        return self.head(h)[0]

    def __call__(self, fields):
        return self.head(nn.swish(self.season(fields)))[..., 0]


def attribution_probe(model, variables, seasons):
    bound = model.bind(variables, mutable=["intermediates"])

    def body(i, total):
        return total + bound.encode(seasons[i])

    total = lax.fori_loop(0, seasons.shape[0], body, jnp.float32(0.0))
    activations = bound.variables["intermediates"]["season_activation"]
    saliency = jnp.stack([jnp.abs(a).mean() for a in activations])
    return total, saliency


def main():
    model = YieldModel()
    seasons = jax.random.normal(jax.random.key(2), (6, 9))
    variables = model.init(jax.random.key(0), seasons)
    total, saliency = attribution_probe(model, variables, seasons)
    print(float(total), saliency.shape)
    return None
