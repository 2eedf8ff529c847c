# label: ok
# flax-error: none
# class: 3 one key drawn from the sampler's nnx.Rngs stream self.rngs.jam before the loop is split into per-step keys that the scan body receives as xs
"""Airport baggage routing: sample conveyor jam scenarios around the current belt layout and
score each with a learned jam-risk model, one scenario per scan step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class JamRiskScorer(nnx.Module):
    def __init__(self, features, rngs):
        self.proj = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, layout):
        return nnx.sigmoid(self.out(nnx.tanh(self.proj(layout))))[..., 0]


class JamScenarioSampler:
    def __init__(self, scorer, seed):
        self.scorer = scorer
        self.rngs = nnx.Rngs(jam=seed)

    def sample(self, layout, n):
        keys = jax.random.split(self.rngs.jam(), n)

        def body(carry, key):
            noise = 0.1 * jax.random.normal(key, layout.shape)
            return carry, self.scorer(layout + noise)

        _, risks = scan(body, None, keys)
        return risks


def main():
    layout = jax.random.uniform(jax.random.key(0), (14, 5))  # belt segments x (load, speed, ...)
    scorer = JamRiskScorer(5, nnx.Rngs(1))
    sampler = JamScenarioSampler(scorer, seed=7)
    return sampler.sample(layout, 12)
