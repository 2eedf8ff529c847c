# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the nnx.Rngs object is closed over and its 'noise' stream is called inside the raw scan body
"""'passing rngs into lax.scan body': Langevin dynamics on a small NNX energy model, where each
step draws its noise from the model's nnx.Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx

STEPS, D = 6, 2


class Energy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(D, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(rngs)
    step_size = 0.01
    x0 = jnp.zeros((4, D))

    def langevin(x, _):
        g = jax.grad(energy)(x)
        noise = jax.random.normal(rngs.noise(), x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, None, length=STEPS)
    return noises
