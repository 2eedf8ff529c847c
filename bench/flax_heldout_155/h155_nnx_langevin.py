# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local rngs of sample() goes into the while_loop body directly and rngs.noise() is drawn inside the body
"""Unadjusted Langevin sampling from an NNX energy model.

Modelled on reports where an nnx.Rngs object is used as a convenient key source inside a raw
while_loop: each iteration calls rngs.noise() for the Gaussian kick.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Energy(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))[..., 0] + 0.5 * jnp.sum(x ** 2, -1)


def sample(model, x0, steps, step_size=0.05, seed=0):
    rngs = nnx.Rngs(noise=seed)
    grad_e = jax.grad(lambda x: jnp.sum(model(x)))

    def cond(state):
        return state[0] < steps

    def body(state):
        i, x, trace = state
        noise = jax.random.normal(rngs.noise(), x.shape)
        x = x - step_size * grad_e(x) + jnp.sqrt(2 * step_size) * noise
        return i + 1, x, trace.at[i].set(x)

    init = (0, x0, jnp.zeros((steps,) + x0.shape))
    _, _, trace = jax.lax.while_loop(cond, body, init)
    return trace


def main():
    model = Energy(2, rngs=nnx.Rngs(0))
    trace = sample(model, jnp.zeros((2,)), steps=10)
    return trace
