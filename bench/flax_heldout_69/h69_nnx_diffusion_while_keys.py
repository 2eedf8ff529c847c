# label: ok
# flax-error: none
# class: 4 noise keys split from nnx.Rngs before the while_loop and indexed by the step inside the body
"""Diffusion sampler (NNX) with jax.lax.while_loop; the noise keys are drawn from the Rngs
before the loop and indexed by step, as suggested in the issue."""
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(5, 4, rngs=rngs)

    def __call__(self, x, t):
        return self.net(jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1))


def main():
    rngs = nnx.Rngs(0, noise=1)
    model = Denoiser(rngs)
    n_steps = 6
    keys = jax.random.split(rngs.noise(), n_steps)

    def cond(state):
        t, x, noises = state
        return t < n_steps

    def body(state):
        t, x, noises = state
        eps = jax.random.normal(keys[t], x.shape)
        x = x - 0.1 * model(x, t / n_steps) + 0.05 * eps
        return t + 1, x, noises.at[t].set(eps)

    init = (0, jnp.zeros((3, 4)), jnp.zeros((n_steps, 3, 4)))
    _, x, noises = jax.lax.while_loop(cond, body, init)
    return noises
