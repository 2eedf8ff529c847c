# label: same-values
# flax-error: none
# class: 1 DispatchPolicy.sample_candidates calls self.make_rng('explore') inside its own jax.lax.scan body
"""Elevator group dispatch: sampling candidate assignments.

Given a snapshot of hall calls and car positions, the dispatch policy scores every
(call, car) pair and samples several Gumbel-perturbed candidate assignments, which a
downstream simulator then evaluates.
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

        def draw(carry, _):
            gumbel = jax.random.gumbel(self.make_rng("explore"), scores.shape)
            return carry, scores / self.temperature + gumbel

        _, candidates = lax.scan(draw, None, None, length=n_candidates)
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
