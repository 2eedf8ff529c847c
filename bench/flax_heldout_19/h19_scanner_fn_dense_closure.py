# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an nn.Dense built before the loop is first called in the scanner function that closes over it
"""Batch-by-batch forward pass folded into `jax.lax.scan` to cut compile time.

Modelled on google-deepmind/dm-haiku#214 (scanning inside a transformed function): a user
replaced `for batch in data` by `jax.lax.scan` and the layer, defined outside the scanner
function, is only called inside it. Rewritten for Linen.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class BatchScanner(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, data):
        layer = nn.Dense(self.width)

        def scanner_fn(total, batch):
            out = layer(batch)
            return total + jnp.mean(out), out

        total, outs = jax.lax.scan(scanner_fn, jnp.zeros(()), data)
        return total, outs


def main():
    data = jnp.stack([jnp.arange(8.0).reshape(2, 4) + i for i in range(3)])
    model = BatchScanner()
    variables = model.init(jax.random.key(0), data)
    total, _ = model.apply(variables, data)
    total.block_until_ready()
    total, _ = model.apply(variables, data * 0.5)
    return None
