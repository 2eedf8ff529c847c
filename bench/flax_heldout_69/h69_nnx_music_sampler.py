# label: same-values
# flax-error: none
# class: 4 one jax key closed over by the scan body and wrapped in a fresh nnx.Rngs at every step
"""Music generation (NNX): sample note tokens with a temperature; each step builds
nnx.Rngs from the sampler's key."""
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

    def step(carry, _):
        notes = head.sample(context, 0.8, nnx.Rngs(sample=key))
        return carry, notes

    _, notes = lax.scan(step, None, None, length=12)
    return notes
