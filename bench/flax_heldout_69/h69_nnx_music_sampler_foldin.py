# label: ok
# flax-error: none
# class: 4 one jax key closed over by the scan body; the step index is folded in before wrapping it in nnx.Rngs
"""Music generation (NNX): sample note tokens with a temperature; each step folds the step
index into the key before building nnx.Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class NoteHead(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(8, 48, rngs=rngs)

    def sample(self, context, temperature, rngs: nnx.Rngs):
        logits = self.proj(context) / temperature
        return jax.random.categorical(rngs.sample(), logits)


def main():
    head = NoteHead(nnx.Rngs(0))
    context = jnp.ones((6, 8))
    key = jax.random.key(42)

    def step(carry, t):
        notes = head.sample(context, 0.8, nnx.Rngs(sample=jax.random.fold_in(key, t)))
        return carry, notes

    _, notes = lax.scan(step, None, jnp.arange(12))
    return notes
