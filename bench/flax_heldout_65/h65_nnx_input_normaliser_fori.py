# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'InputNormaliser' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an InputNormaliser wrapper module caches the last batch statistics as plain attributes; a Pipeline calls it inside a fori_loop body
"""Model wrapper that normalises inputs and caches the statistics it used, run in fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class InputNormaliser(nnx.Module):
    def __init__(self, inner: nnx.Module, eps=1e-5):
        self.inner = inner
        self.eps = eps
        self.last_mean = None
        self.last_std = None

    def __call__(self, x):
        mean = jnp.mean(x, axis=0)
        std = jnp.std(x, axis=0) + self.eps
        self.last_mean, self.last_std = mean, std
        return self.inner((x - mean) / std)


class Pipeline:
    def __init__(self, model: InputNormaliser):
        self.model = model

    def run(self, batches):
        def body(i, total):
            return total + jnp.sum(self.model(batches[i]))

        return lax.fori_loop(0, batches.shape[0], body, jnp.float32(0.0))


def main():
    model = InputNormaliser(nnx.Linear(3, 2, rngs=nnx.Rngs(0)))
    batches = jnp.linspace(0.0, 5.0, 4 * 6 * 3).reshape(4, 6, 3)
    Pipeline(model).run(batches).block_until_ready()
    return None
