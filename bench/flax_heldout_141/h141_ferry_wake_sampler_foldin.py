# label: ok
# flax-error: none
# class: 5 make_wake_step (a factory) closes over the model, its variables and one "wake" key; the returned step function is the jax.lax.scan body and folds the crossing index into the key
"""River-ferry wake simulator: samples the bank-erosion wake field behind a ferry for each crossing
of the day with a stochastic wake model. Returns the sampled wake amplitude per crossing."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class WakeModel(nn.Module):
    bins: int = 10

    @nn.compact
    def __call__(self, speed):
        base = nn.softplus(nn.Dense(self.bins)(speed[None]))
        noise = jax.random.gamma(self.make_rng("wake"), 2.0, (self.bins,))
        return base * noise


def make_wake_step(model, variables, wake_key):
    apply = jax.jit(lambda v, s, k: model.apply(v, s, rngs={"wake": k}))

    def step(erosion, inputs):
        crossing, speed = inputs
        wake = apply(variables, speed, jax.random.fold_in(wake_key, crossing))
        return erosion + 1e-3 * wake.sum(), wake

    return step


def main():
    model = WakeModel()
    variables = model.init({"params": jax.random.key(0), "wake": jax.random.key(1)}, jnp.ones(()))
    step = make_wake_step(model, variables, jax.random.key(2))
    speeds = jnp.full((6,), 7.5)  # knots, same timetable speed for every crossing
    _, wakes = jax.lax.scan(step, jnp.zeros(()), (jnp.arange(6), speeds))
    return wakes
