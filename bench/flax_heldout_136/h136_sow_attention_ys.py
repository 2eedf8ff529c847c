# label: ok
# flax-error: none
# class: 1 GreedyDecoder.__call__ scans; the attention maps leave the body as scan ys and are sown once after the loop
"""Greedy decoding with cross-attention, recording the attention maps with sow for plotting.

The body returns the attention weights as scan outputs; sow runs once, after the loop, on the
stacked maps.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GreedyDecoder(nn.Module):
    vocab: int = 12
    features: int = 16
    length: int = 5

    @nn.compact
    def __call__(self, memory, start):
        emb = self.param('embedding', nn.initializers.normal(0.1), (self.vocab, self.features))
        wq = self.param('wq', nn.initializers.lecun_normal(), (self.features, self.features))
        wo = self.param('wo', nn.initializers.lecun_normal(), (self.features, self.vocab))

        def body(token, _):
            q = emb[token] @ wq
            weights = jax.nn.softmax(q @ memory.T / jnp.sqrt(self.features))
            logits = (weights @ memory) @ wo
            token = jnp.argmax(logits)
            return token, (token, weights)

        _, (tokens, maps) = jax.lax.scan(body, start, None, length=self.length)
        self.sow('intermediates', 'attention', maps)
        return tokens


def main():
    memory = jax.random.normal(jax.random.PRNGKey(1), (7, 16))
    start = jnp.array(0)
    model = GreedyDecoder()
    params = model.init(jax.random.PRNGKey(0), memory, start)['params']
    tokens, state = model.apply({'params': params}, memory, start, mutable=['intermediates'])
    maps = state['intermediates']['attention'][0]
    maps.block_until_ready()
    return None
