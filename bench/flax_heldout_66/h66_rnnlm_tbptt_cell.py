# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 nn.GRUCell and the output nn.Dense are constructed and first called inside the raw scan body
"""Character RNN language model, truncated BPTT: the tutorial's Python for-loop over time
steps was replaced by jax.lax.scan, keeping the layer construction inside the step."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class CharRNN(nn.Module):
    vocab: int = 11
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens, h):
        emb = nn.Embed(self.vocab, self.hidden)(tokens)  # (T, B, H)

        def step(h, x_t):
            h, _ = nn.GRUCell(self.hidden, name="cell")(h, x_t)
            logits = nn.Dense(self.vocab, name="head")(h)
            return h, logits

        h, logits = lax.scan(step, h, emb)
        return logits, h


def main():
    model = CharRNN()
    tokens = jnp.zeros((6, 2), jnp.int32)
    h0 = jnp.zeros((2, 16))
    params = model.init(jax.random.key(0), tokens, h0)
    h = h0
    for chunk in range(2):  # truncated BPTT over two chunks
        logits, h = model.apply(params, tokens, h)
        h = jax.lax.stop_gradient(h)
    logits.block_until_ready()
    return None
