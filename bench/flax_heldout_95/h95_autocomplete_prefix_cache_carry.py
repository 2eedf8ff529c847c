# label: ok
# flax-error: none
# class: 1 encode_prefix() carries the hidden state through its raw scan and writes the 'cache' collection once, after the loop
"""Search autocomplete backend: a character GRU encodes the typed prefix and caches the
hidden state so the next keystroke only needs one more step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

VOCAB = 64
HIDDEN = 32


class PrefixEncoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, 16)
        self.cell = nn.GRUCell(features=HIDDEN)
        self.out = nn.Dense(VOCAB)
        self.prefix_state = self.variable('cache', 'prefix_state', jnp.zeros, (HIDDEN,))

    def __call__(self, char_id):
        h, y = self.cell(self.prefix_state.value, self.embed(char_id))
        return self.out(y)

    def encode_prefix(self, char_ids):
        def step(h, c):
            h, _ = self.cell(h, self.embed(c))
            return h, None

        h, _ = scan(step, self.prefix_state.value, char_ids)
        self.prefix_state.value = h
        return h


class CachedPrefixStore:
    def __init__(self):
        self._entries = {}

    def put(self, prefix, cache):
        self._entries[prefix] = cache

    def get(self, prefix):
        return self._entries[prefix]


class AutocompleteBackend:
    def __init__(self, seed=0):
        self.model = PrefixEncoder()
        variables = self.model.init(jax.random.key(seed), jnp.array(3))
        self.params = variables['params']
        self.store = CachedPrefixStore()

    def on_prefix(self, prefix, char_ids):
        empty = {'prefix_state': jnp.zeros((HIDDEN,))}
        _, updates = self.model.apply({'params': self.params, 'cache': empty}, char_ids,
                                      method=PrefixEncoder.encode_prefix, mutable=['cache'])
        self.store.put(prefix, updates['cache'])

    def on_keystroke(self, prefix, char_id):
        cache = self.store.get(prefix)
        logits = self.model.apply({'params': self.params, 'cache': cache}, char_id)
        return jnp.argsort(-logits)[:5]


def main():
    backend = AutocompleteBackend()
    backend.on_prefix('pyth', jnp.array([16, 25, 20, 8]))
    jax.block_until_ready(backend.on_keystroke('pyth', jnp.array(15)))
    return None
