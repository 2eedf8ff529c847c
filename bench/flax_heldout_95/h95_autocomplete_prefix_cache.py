# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the encoder's encode_prefix() writes the 'cache' collection from inside its own raw lax.scan over prefix characters
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
        def step(carry, c):
            h, _ = self.cell(self.prefix_state.value, self.embed(c))
            self.prefix_state.value = h
            return carry, None

        scan(step, None, char_ids)
        return self.prefix_state.value


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
