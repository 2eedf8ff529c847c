# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 AttentionDecoder.__call__ runs the scan and its step sows the attention weights into its own 'intermediates' collection
import math

import jax
import jax.numpy as jnp
import flax.linen as nn


class AttentionDecoder(nn.Module):
    hidden: int = 16
    steps: int = 4

    @nn.compact
    def __call__(self, memory):
        keys = nn.Dense(self.hidden, use_bias=False, name="key_proj")(memory)
        w_query = self.param("w_query", nn.initializers.lecun_normal(), (self.hidden, self.hidden))
        w_update = self.param("w_update", nn.initializers.lecun_normal(), (memory.shape[-1], self.hidden))
        h0 = jnp.tanh(memory.mean(axis=1) @ w_update)

        def step(h, _):
            query = h @ w_query
            scores = jnp.einsum("bsd,bd->bs", keys, query) / math.sqrt(self.hidden)
            weights = nn.softmax(scores, axis=-1)
            self.sow("intermediates", "attention", weights)
            context = jnp.einsum("bs,bsd->bd", weights, memory)
            h = jnp.tanh(context @ w_update + h)
            return h, h

        _, hs = jax.lax.scan(step, h0, None, length=self.steps)
        return hs


def attention_entropy(weights):
    return -(weights * jnp.log(weights + 1e-9)).sum(-1).mean()


def main():
    memory = jax.random.normal(jax.random.PRNGKey(0), (2, 7, 12))
    decoder = AttentionDecoder()
    variables = decoder.init(jax.random.PRNGKey(1), memory)
    hs, state = decoder.apply(variables, memory, mutable=["intermediates"])
    weights = jnp.stack(state["intermediates"]["attention"])
    entropy = attention_entropy(weights)
    jax.block_until_ready((hs, entropy))
