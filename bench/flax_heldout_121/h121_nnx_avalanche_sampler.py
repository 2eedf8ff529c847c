# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TriageSampler.rngs (an nnx.Rngs with a 'perturb' stream) is drawn from inside the scan body
"""Ski patrol avalanche triage: the slope instability scorer is queried under perturbed
snowpack observations (new snow, wind loading, temperature gradient, aspect) so the patrol
lead sees how fragile each slope's rating is."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SnowpackScorer(nnx.Module):
    def __init__(self, n_features, hidden, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, hidden, rngs=rngs)
        self.score = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, slopes):
        return nnx.sigmoid(self.score(nnx.gelu(self.hidden(slopes)))).squeeze(-1)


class TriageSampler:
    def __init__(self, scorer, seed, obs_noise=0.15):
        self.scorer = scorer
        self.rngs = nnx.Rngs(perturb=seed)
        self.obs_noise = obs_noise

    def sample_ratings(self, slopes, n_samples):
        def body(carry, _):
            noise = self.obs_noise * jax.random.normal(self.rngs.perturb(), slopes.shape)
            return carry, self.scorer(slopes + noise)

        _, ratings = lax.scan(body, None, None, length=n_samples)
        return ratings


def main():
    scorer = SnowpackScorer(4, 16, rngs=nnx.Rngs(0))
    sampler = TriageSampler(scorer, seed=7)
    slopes = jax.random.normal(jax.random.key(2), (5, 4))
    return sampler.sample_ratings(slopes, n_samples=6)
