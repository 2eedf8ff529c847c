# label: same-values
# flax-error: none
# class: 2 a scorer draws one key from its nnx.Rngs "dropout" stream, then each raw scan step builds nnx.Rngs(dropout=key) from it and passes it to the model call
"""MC-dropout scorer wrapper around an NNX model: score() returns dropout samples."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Head(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, *, rngs=None):
        return self.drop(nnx.relu(self.lin(x)), deterministic=False, rngs=rngs)


class MCScorer:
    def __init__(self, model, rngs: nnx.Rngs, num_samples=8):
        self.model = model
        self.rngs = rngs
        self.num_samples = num_samples

    def score(self, x):
        key = self.rngs.dropout()

        def draw(carry, _):
            return carry, self.model(x, rngs=nnx.Rngs(dropout=key))

        _, samples = jax.lax.scan(draw, None, None, length=self.num_samples)
        return samples


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    return MCScorer(Head(rngs), rngs).score(jnp.ones((3, 5)))
