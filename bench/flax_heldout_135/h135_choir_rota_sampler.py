# label: same-values
# flax-error: none
# class: 1 RotaSampler.__call__ owns the 'sample' rng stream and runs lax.scan itself, calling self.make_rng inside the body
"""Choir scheduling: for each upcoming service, sample which singers of a voice part are
put on the rota, from a learned preference over their stated availability."""
from flax import linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan


class RotaSampler(nn.Module):
    n_singers: int = 6
    n_services: int = 5
    temperature: float = 0.5

    @nn.compact
    def __call__(self, availability):
        logits = nn.Dense(self.n_singers, name="preference")(availability)

        def body(load, _):
            key = self.make_rng("sample")
            gumbel = jax.random.gumbel(key, logits.shape)
            pick = jax.nn.softmax((logits + gumbel) / self.temperature)
            return load + pick, pick

        _, picks = scan(body, jnp.zeros_like(logits), None, length=self.n_services)
        return picks


class RotaPlanner:
    def __init__(self, sampler, variables):
        self.sampler = sampler
        self.variables = variables

    def plan(self, availability, seed):
        return self.sampler.apply(self.variables, availability, rngs={"sample": jax.random.key(seed)})


def main():
    availability = jnp.tile(jnp.array([[1.0, 0.0, 1.0, 1.0]]), (3, 1))  # three voice parts
    sampler = RotaSampler()
    variables = sampler.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, availability)
    picks = RotaPlanner(sampler, variables).plan(availability, seed=7)
    return picks  # (service, voice part, singer)
