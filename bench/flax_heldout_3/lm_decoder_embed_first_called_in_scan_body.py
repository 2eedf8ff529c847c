# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 greedy LM decoder whose Embed/Dense are first called inside a raw scan body during init
"""Shape modelled on flax examples/lm style greedy decoding written as a compact module that
loops with jax.lax.scan over positions (t5x-like decode loop, but without nn.scan)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GreedyDecoder(nn.Module):
    vocab_size: int = 16
    hidden: int = 8
    max_len: int = 5

    @nn.compact
    def __call__(self, bos):
        embed = nn.Embed(self.vocab_size, self.hidden, name="embed")
        rnn = nn.SimpleCell(self.hidden, name="cell")
        head = nn.Dense(self.vocab_size, name="logits")

        def decode_step(carry, _):
            h, token = carry
            x = embed(token)
            h, y = rnn(h, x)
            logits = head(y)
            next_token = jnp.argmax(logits, axis=-1)
            return (h, next_token), next_token

        h0 = jnp.zeros(bos.shape + (self.hidden,))
        _, tokens = jax.lax.scan(decode_step, (h0, bos), None, length=self.max_len)
        return tokens


def main():
    model = GreedyDecoder()
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    tokens = model.apply(variables, bos)
    jax.block_until_ready(tokens)
    return None
