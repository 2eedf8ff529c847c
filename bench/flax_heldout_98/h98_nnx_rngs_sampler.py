# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Langevin sampler in jax.lax.scan; the body draws its noise from a closed-over nnx.Rngs stream
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))


def main():
    score = ScoreNet(nnx.Rngs(0))
    rngs = nnx.Rngs(noise=1)
    x0 = jnp.zeros((4, 2))
    eps = 1e-2

    def langevin(x, _):
        noise = jax.random.normal(rngs.noise(), x.shape)
        x = x + eps * score(x) + jnp.sqrt(2 * eps) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, None, length=10)
    return noises  # [step, 4, 2]
