# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 closure inside @nn.compact calls a Dense submodule first created inside jax.lax.scan during init
"""Autoregressive audio-sample decoder (WaveNet-style head) that generates samples one at a time."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SampleDecoder(nn.Module):
    hidden: int = 16
    n_classes: int = 32

    @nn.compact
    def __call__(self, cond):  # cond: [T, hidden] conditioning frames (mel upsampled)
        proj = nn.Dense(self.hidden, name="in_proj")
        head = nn.Dense(self.n_classes, name="logits")

        def step(h, c_t):
            h = jnp.tanh(proj(h) + c_t)
            return h, head(h)

        h0 = jnp.zeros((self.hidden,))
        _, logits = jax.lax.scan(step, h0, cond)
        return logits


def main():
    model = SampleDecoder()
    cond = jnp.ones((12, 16))
    variables = model.init(jax.random.key(0), cond)
    logits = model.apply(variables, cond)
    jnp.argmax(logits, -1).block_until_ready()
    return None
