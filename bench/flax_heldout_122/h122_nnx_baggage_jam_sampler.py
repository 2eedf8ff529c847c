# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the sampler's nnx.Rngs stream self.rngs.jam is drawn inside the scan body
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
        def body(carry, _):
            noise = 0.1 * jax.random.normal(self.rngs.jam(), layout.shape)
            return carry, self.scorer(layout + noise)

        _, risks = scan(body, None, None, length=n)
        return risks


def main():
    layout = jax.random.uniform(jax.random.key(0), (14, 5))  # belt segments x (load, speed, ...)
    scorer = JamRiskScorer(5, nnx.Rngs(1))
    sampler = JamScenarioSampler(scorer, seed=7)
    return sampler.sample(layout, 12)
