# label: same-values
# flax-error: none
# class: 1 MC-dropout helper draws one key from the model's Rngs and passes that same key to the Dropout call in every raw lax.scan step
"""MC dropout uncertainty (NNX): T stochastic passes, return the dropout masks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dh, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.rngs = rngs


def mc_masks(model, x, n_samples=6):
    h = nnx.relu(model.l1(x))
    key = model.rngs.dropout()

    def one_pass(_, __):
        return None, model.drop(jnp.ones_like(h), rngs=key)

    _, masks = jax.lax.scan(one_pass, None, None, length=n_samples)
    return masks


def main():
    model = MLP(4, 16, rngs=nnx.Rngs(params=0, dropout=1))
    return mc_masks(model, jnp.ones((3, 4)))
