# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Rngs object created outside is called (rngs.noise()) inside the raw scan body
"""'NNX Rngs inside jax.lax.scan': a Langevin sampler for an energy model written with
jax.lax.scan; the tutorial's nnx.Rngs is used for the per-step noise. Returns the noise
each step adds."""
import jax
import jax.numpy as jnp
from flax import nnx


class Energy(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(2, rngs)
    x0 = jnp.zeros((4, 2))
    step_size = 0.01

    def langevin(x, _):
        grad = jax.grad(lambda x: energy(x))(x)
        noise = jax.random.normal(rngs.noise(), x.shape)
        x = x - step_size * grad + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, None, length=5)
    return noises
