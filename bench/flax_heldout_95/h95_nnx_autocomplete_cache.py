# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the encoder's encode_prefix() writes its nnx.Cache variable inside its own raw lax.scan over prefix characters
"""Search autocomplete backend: an NNX character GRU encodes the typed prefix and keeps the
hidden state in an nnx.Cache so the next keystroke needs a single step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax
VOCAB, EMBED, HIDDEN = 64, 16, 32


class PrefixEncoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, EMBED, rngs=rngs)
        self.cell = nnx.GRUCell(EMBED, HIDDEN, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.prefix_state = nnx.Cache(jnp.zeros((HIDDEN,)))

    def reset(self):
        self.prefix_state[...] = jnp.zeros((HIDDEN,))

    def encode_prefix(self, char_ids):
        def step(carry, c):
            h, _ = self.cell(self.prefix_state[...], self.embed(c))
            self.prefix_state[...] = h
            return carry, None

        lax.scan(step, None, char_ids)

    def next_logits(self, char_id):
        h, y = self.cell(self.prefix_state[...], self.embed(char_id))
        return self.out(y)


class AutocompleteBackend:
    def __init__(self, seed=0):
        self.encoder = PrefixEncoder(rngs=nnx.Rngs(seed))

    def on_prefix(self, char_ids):
        self.encoder.reset()
        self.encoder.encode_prefix(char_ids)

    def on_keystroke(self, char_id):
        return jnp.argsort(-self.encoder.next_logits(char_id))[:5]


def main():
    backend = AutocompleteBackend()
    backend.on_prefix(jnp.array([16, 25, 20, 8]))
    jax.block_until_ready(backend.on_keystroke(jnp.array(15)))
    return None
