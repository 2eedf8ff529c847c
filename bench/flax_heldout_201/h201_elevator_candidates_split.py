# label: ok
# flax-error: none
# class: 1 DispatchPolicy.sample_candidates draws self.make_rng('explore') once, splits it and scans over the per-candidate keys
"""Elevator group dispatch: sampling candidate assignments.

Given a snapshot of hall calls and car positions, the dispatch policy scores every
(call, car) pair and samples several Gumbel-perturbed candidate assignments, which a
downstream simulator then evaluates. One key per candidate is split before the loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_CALLS = 5
N_CARS = 3


class DispatchPolicy(nn.Module):
    hidden: int = 16
    temperature: float = 0.5

    @nn.compact
    def __call__(self, calls, cars):
        pair = jnp.concatenate(
            [jnp.repeat(calls[:, None], N_CARS, 1), jnp.repeat(cars[None], N_CALLS, 0)], axis=-1
        )
        h = nn.relu(nn.Dense(self.hidden, name="pair_embed")(pair))
        return nn.Dense(1, name="pair_score")(h)[..., 0]

    def sample_candidates(self, calls, cars, n_candidates):
        scores = self(calls, cars)
        keys = jax.random.split(self.make_rng("explore"), n_candidates)

        def draw(carry, key):
            gumbel = jax.random.gumbel(key, scores.shape)
            return carry, scores / self.temperature + gumbel

        _, candidates = lax.scan(draw, None, keys)
        return candidates


def main():
    policy = DispatchPolicy()
    calls = jax.random.uniform(jax.random.PRNGKey(1), (N_CALLS, 2)) * 20.0
    cars = jax.random.uniform(jax.random.PRNGKey(2), (N_CARS, 2)) * 20.0
    variables = policy.init(jax.random.PRNGKey(0), calls, cars)
    candidates = policy.apply(
        variables, calls, cars, 6,
        method=DispatchPolicy.sample_candidates, rngs={"explore": jax.random.PRNGKey(7)},
    )
    return candidates
