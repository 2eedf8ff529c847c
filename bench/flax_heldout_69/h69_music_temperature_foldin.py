# label: ok
# flax-error: none
# class: 4 self.make_rng called once before a raw lax.scan; each step folds the step index into the key
"""Music generation: sample the next note with a temperature, scanning over bars; the key is
folded with the step number so every bar gets fresh randomness."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class NoteSampler(nn.Module):
    n_notes: int = 48
    temperature: float = 0.9

    @nn.compact
    def __call__(self, style, n_steps):
        logits = nn.Dense(self.n_notes)(style)
        key = self.make_rng("sample")

        def step(carry, t):
            note = jax.random.categorical(jax.random.fold_in(key, t), logits / self.temperature)
            return carry, note

        _, notes = lax.scan(step, None, jnp.arange(n_steps))
        return notes


def main():
    model = NoteSampler()
    style = jnp.ones((6, 8))
    rngs = {"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}
    variables = model.init(rngs, style, 2)
    notes = model.apply(variables, style, 16, rngs={"sample": jax.random.PRNGKey(7)})
    return notes
