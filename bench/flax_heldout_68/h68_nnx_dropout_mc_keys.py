# label: ok
# flax-error: none
# class: 3 an MCDropoutSampler splits one key from the dropout stream outside the loop and passes a per-step key to the head's nnx.Dropout as rngs
import jax
import jax.numpy as jnp
from flax import nnx


class UncertaintyHead(nnx.Module):
    def __init__(self, dim, rate, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.rngs = rngs

    def dropout_mask(self, shape, key=None):
        return self.drop(jnp.ones(shape), rngs=key)


class MCDropoutSampler:
    def __init__(self, model, num_samples):
        self.model = model
        self.num_samples = num_samples

    def masks(self, shape):
        self.model.train()
        keys = jax.random.split(self.model.rngs.dropout(), self.num_samples)

        def body(carry, key):
            return carry, self.model.dropout_mask(shape, key)

        _, masks = jax.lax.scan(body, None, keys)
        return masks


def main():
    head = UncertaintyHead(8, 0.5, rngs=nnx.Rngs(params=0, dropout=1))
    return MCDropoutSampler(head, 5).masks((2, 8))
