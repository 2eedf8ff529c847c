# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUCell submodule first called inside a raw jax.lax.scan body during init, so its params are created in the loop trace
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, HID = 12, 16


class CharRNN(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(VOCAB, HID)(tokens)  # [time, batch, hid]
        cell = nn.GRUCell(features=HID)
        head = nn.Dense(VOCAB)
        h0 = jnp.zeros((tokens.shape[1], HID))

        def step(h, x):
            h, out = cell(h, x)
            return h, head(out)

        _, logits = jax.lax.scan(step, h0, emb)
        return logits


def main():
    model = CharRNN()
    tokens = jnp.zeros((7, 2), jnp.int32)
    params = model.init(jax.random.key(0), tokens)
    logits = model.apply(params, tokens)
    logits.block_until_ready()
    return None
