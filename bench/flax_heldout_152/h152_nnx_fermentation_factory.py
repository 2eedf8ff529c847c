# label: same-values
# flax-error: none
# class: 5 make_sampler(model, rngs) returns functools.partial(_sample_step, model, key=rngs.yeast()); the scan body calls that step every hour
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class KineticsNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.rates = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, must):
        return -0.01 * nnx.softplus(self.rates(nnx.tanh(self.hidden(must))))


def _sample_step(model, must, *, key, noise_scale=0.05):
    noise = noise_scale * jax.random.normal(key, must.shape)
    return must + model(must) + noise, noise


def make_sampler(model, rngs):
    return functools.partial(_sample_step, model, key=rngs.yeast())


def run_tank(step, must, hours):
    def body(state, hour):
        state, noise = step(state)
        return state, noise

    _, noises = lax.scan(body, must, jnp.arange(hours))
    return noises


def main():
    rngs = nnx.Rngs(params=0, yeast=17)
    model = KineticsNet(rngs)
    must = jnp.array([[22.0, 0.0, 18.0], [24.0, 0.5, 20.0]])  # sugar, ethanol, temperature per tank
    step = make_sampler(model, rngs)
    return run_tank(step, must, hours=8)
