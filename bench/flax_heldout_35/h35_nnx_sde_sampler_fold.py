# label: ok
# flax-error: none
# class: 3 Sampler.sample draws one key from its stored nnx.Rngs and hands it to the euler_maruyama helper, whose fori_loop body folds the step index into it
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Drift(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return -x + 0.1 * jnp.tanh(self.lin(x))


def euler_maruyama(drift, key, x0, n_steps, dt):
    def body(i, state):
        x, increments = state
        dw = jnp.sqrt(dt) * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x + drift(x) * dt + dw
        return x, increments.at[i].set(dw)

    increments = jnp.zeros((n_steps,) + x0.shape)
    return lax.fori_loop(0, n_steps, body, (x0, increments))


class Sampler(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.drift = Drift(dim, rngs)
        self.rngs = rngs

    def sample(self, x0, n_steps, dt=0.05):
        key = self.rngs.sample()
        return euler_maruyama(self.drift, key, x0, n_steps, dt)


def main():
    sampler = Sampler(2, nnx.Rngs(params=0, sample=3))
    x, increments = sampler.sample(jnp.ones((4, 2)), 6)
    return increments
