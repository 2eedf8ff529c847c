# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Rngs stream built outside is drawn directly in the inline fori_loop body of the sampler
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs):
        self.a = nnx.Linear(dim, 32, rngs=rngs)
        self.b = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.swish(self.a(x)))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    score = ScoreNet(2, rngs)
    step_size = 1e-2
    x0 = jnp.zeros((64, 2))

    def langevin(i, x):
        eps = jax.random.normal(rngs.noise(), x.shape)
        return x + step_size * score(x) + jnp.sqrt(2 * step_size) * eps

    samples = fori_loop(0, 50, langevin, x0)
    print(samples.mean(0))
    return None
