# label: ok
# flax-error: none
# class: 2 an nn.Dense built before the loop is called once on the first batch, then reused in the scanner function
"""Batch-by-batch forward pass folded into `jax.lax.scan`, with a warm-up call on batch 0.

Modelled on google-deepmind/dm-haiku#214 (a layer defined outside the scanner function and
called inside `jax.lax.scan`), rewritten for Linen where the first batch is also run
through the layer before the loop to get the output width.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class BatchScanner(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, data):
        layer = nn.Dense(self.width)
        first = layer(data[0])

        def scanner_fn(total, batch):
            out = layer(batch)
            return total + jnp.mean(out), out

        total, outs = jax.lax.scan(scanner_fn, jnp.mean(first), data[1:])
        return total, outs


def main():
    data = jnp.stack([jnp.arange(8.0).reshape(2, 4) + i for i in range(3)])
    model = BatchScanner()
    variables = model.init(jax.random.key(0), data)
    total, _ = model.apply(variables, data)
    total.block_until_ready()
    total, _ = model.apply(variables, data * 0.5)
    return None
