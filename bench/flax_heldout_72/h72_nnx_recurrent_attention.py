# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 NNX RAM closed over by a raw lax.scan body that appends each glimpse location to a Python list attribute
"""Recurrent attention model in NNX: glimpse locations kept on the module for plotting."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RAM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.glimpse = nnx.Linear(16 + 2, 32, rngs=rngs)
        self.core = nnx.GRUCell(32, 32, rngs=rngs)
        self.locator = nnx.Linear(32, 2, rngs=rngs)
        self.classifier = nnx.Linear(32, 10, rngs=rngs)
        self.trace = nnx.static([])

    def look(self, image, loc):
        idx = jnp.clip(((loc + 1) * 2).astype(jnp.int32), 0, 4)
        patch = lax.dynamic_slice(image, (idx[0], idx[1]), (4, 4)).reshape(-1)
        return nnx.relu(self.glimpse(jnp.concatenate([patch, loc])))

    def __call__(self, image, n_glimpses=4):
        def step(carry, _):
            h, loc = carry
            h, _ = self.core(h, self.look(image, loc))
            loc = jnp.tanh(self.locator(h))
            self.trace.append(loc)
            return (h, loc), None

        (h, _), _ = lax.scan(step, (jnp.zeros(32), jnp.zeros(2)), None, length=n_glimpses)
        return self.classifier(h)


def main():
    model = RAM(nnx.Rngs(0))
    logits = model(jnp.ones((8, 8)))
    path = jnp.stack(model.trace)
    return None
