# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an MCDropoutSampler reaches the head's nnx.Dropout (and its nnx.Rngs stream) through self.model inside the raw scan body
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

        def body(carry, _):
            return carry, self.model.dropout_mask(shape)

        _, masks = jax.lax.scan(body, None, None, length=self.num_samples)
        return masks


def main():
    head = UncertaintyHead(8, 0.5, rngs=nnx.Rngs(params=0, dropout=1))
    return MCDropoutSampler(head, 5).masks((2, 8))
