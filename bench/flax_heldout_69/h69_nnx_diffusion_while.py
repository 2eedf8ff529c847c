# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.Rngs closed over by a while_loop body that draws the per-step noise
"""Diffusion sampler (NNX): Langevin-style denoising until the step budget is spent, with
jax.lax.while_loop and the model's nnx.Rngs providing the noise."""
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

    def cond(state):
        t, x, noises = state
        return t < n_steps

    def body(state):
        t, x, noises = state
        eps = jax.random.normal(rngs.noise(), x.shape)
        x = x - 0.1 * model(x, t / n_steps) + 0.05 * eps
        return t + 1, x, noises.at[t].set(eps)

    init = (0, jnp.zeros((3, 4)), jnp.zeros((n_steps, 3, 4)))
    _, x, noises = jax.lax.while_loop(cond, body, init)
    return noises
