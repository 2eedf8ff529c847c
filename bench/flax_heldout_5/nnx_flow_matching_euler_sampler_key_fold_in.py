# label: ok
# flax-error: none
# class: 1 NNX flow-matching sampler draws one key from its Rngs before an inline lax.scan and folds in the step index for the per-step noise; returns the per-step noise
"""Stochastic Euler sampler for an NNX flow-matching velocity field. The model is only read
inside the jax.lax.scan body; the sampler takes one key from the Rngs stream outside the
loop and uses jax.random.fold_in(key, step) for each step's noise."""
import jax
import jax.numpy as jnp
from flax import nnx


class VelocityField(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)
        return self.l2(nnx.silu(self.l1(h)))


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    field = VelocityField(3, rngs=rngs)
    num_steps, sigma = 5, 0.1
    dt = 1.0 / num_steps
    key = rngs.sample()
    x0 = jnp.zeros((2, 3))

    def euler_step(x, i):
        t = i * dt
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x + field(x, t) * dt + sigma * jnp.sqrt(dt) * z
        return x, z

    x1, noises = jax.lax.scan(euler_step, x0, jnp.arange(num_steps))
    return noises
