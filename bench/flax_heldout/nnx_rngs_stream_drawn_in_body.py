# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX Langevin sampler draws noise from its own nnx.Rngs stream inside the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class LangevinSampler(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.score = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, steps=5, eps=0.01):
        def step(x, _):
            noise = jax.random.normal(self.rngs.noise(), x.shape)
            x = x + eps * self.score(x) + jnp.sqrt(2 * eps) * noise
            return x, noise

        return jax.lax.scan(step, x, None, length=steps)


def main():
    sampler = LangevinSampler(2, nnx.Rngs(params=0, noise=1))
    sampler(jnp.zeros((3, 2)))
