# label: same-values
# flax-error: none
# class: 3 functools.partial(model.apply, variables, rngs={"yeast": key}) kept on ProofingSampler.sample_fn, called in the fori_loop body
"""Hourly proofing forecast for an industrial sourdough bakery.

For one batch of dough under fixed proof-box conditions, the sampler draws a
plausible rise reading for every hour so the shift lead sees the spread of
outcomes before committing the oven slot.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class ProofingModel(nn.Module):
    @nn.compact
    def __call__(self, conditions):
        rise = nn.Dense(1, name="rise")(conditions)[..., 0]
        yeast_noise = 0.05 * jax.random.normal(self.make_rng("yeast"), rise.shape)
        return rise + yeast_noise


class ProofingSampler:
    def __init__(self, model: ProofingModel, variables, key):
        self.sample_fn = functools.partial(model.apply, variables, rngs={"yeast": key})

    def hourly(self, conditions, hours: int):
        readings = jnp.zeros((hours, conditions.shape[0]))

        def body(hour, buf):
            return buf.at[hour].set(self.sample_fn(conditions))

        return fori_loop(0, hours, body, readings)


def main():
    model = ProofingModel()
    # temperature, humidity, hydration, starter ratio for three tins
    conditions = jnp.array([[0.26, 0.75, 0.72, 0.2],
                            [0.27, 0.70, 0.78, 0.2],
                            [0.25, 0.80, 0.70, 0.25]])
    variables = model.init({"params": jax.random.key(0), "yeast": jax.random.key(1)}, conditions)
    sampler = ProofingSampler(model, variables, jax.random.key(42))
    return sampler.hourly(conditions, hours=6)
