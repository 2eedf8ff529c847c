# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GreedyDecoder.__call__ scans and calls self.sow('intermediates', ...) inside the body
"""Greedy decoding with cross-attention, recording the attention maps with sow for plotting.

Modelled on questions about getting attention weights out of a decoding loop: sow is called in
the body of a raw scan and apply(..., mutable=['intermediates']) hands back the body's tracers.
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
            self.sow('intermediates', 'attention', weights)
            logits = (weights @ memory) @ wo
            token = jnp.argmax(logits)
            return token, token

        _, tokens = jax.lax.scan(body, start, None, length=self.length)
        return tokens


def main():
    memory = jax.random.normal(jax.random.PRNGKey(1), (7, 16))
    start = jnp.array(0)
    model = GreedyDecoder()
    params = model.init(jax.random.PRNGKey(0), memory, start)['params']
    tokens, state = model.apply({'params': params}, memory, start, mutable=['intermediates'])
    maps = jnp.stack(state['intermediates']['attention'])
    maps.block_until_ready()
    return None
