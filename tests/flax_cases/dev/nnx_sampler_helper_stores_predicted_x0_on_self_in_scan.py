# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body runs a plain sampler's helper method `self._predict_x0(x, t)`, which calls the held nnx.Linear denoiser and stores the loop's prediction on the sampler (`self.last_x0 = x0`); read after sampling
"""A denoising sampler holding an NNX denoiser: four jax.lax.scan steps each predict the clean
sample with a helper method that keeps the latest prediction on the sampler, whose spread is
read after sampling."""
import jax
import jax.numpy as jnp
from flax import nnx


class Sampler:
    def __init__(self, denoiser):
        self.denoiser = denoiser
        self.last_x0 = None

    def _predict_x0(self, x, t):
        x0 = x - self.denoiser(x) * t
        self.last_x0 = x0
        return x0

    def sample(self, x_T):
        def body(x, t):
            return self._predict_x0(x, t), None
        return jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))[0]


def main():
    sampler = Sampler(nnx.Linear(2, 2, rngs=nnx.Rngs(0)))
    sampler.sample(jnp.ones((3, 2)))
    spread = jnp.std(sampler.last_x0)
    jax.tree.map(lambda a: a + 0, spread)
