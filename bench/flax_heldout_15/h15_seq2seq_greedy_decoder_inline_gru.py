# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUCell and output Dense constructed inline in the greedy-decoding scan body of a compact __call__
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB = 12
HIDDEN = 16


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(VOCAB, HIDDEN)(tokens)
        mix = nn.Dense(HIDDEN, name="mix")
        carry = jnp.zeros((HIDDEN,))
        for t in range(tokens.shape[0]):
            carry = jnp.tanh(mix(emb[t]) + carry)
        return carry


class GreedyDecoder(nn.Module):
    max_len: int = 6

    @nn.compact
    def __call__(self, context):
        embed = nn.Embed(VOCAB, HIDDEN, name="dec_embed")

        def step(carry, _):
            h, token = carry
            h, out = nn.GRUCell(HIDDEN, name="cell")(h, embed(token))
            logits = nn.Dense(VOCAB, name="proj")(out)
            return (h, jnp.argmax(logits).astype(jnp.int32)), logits

        start = (context, jnp.array(1, jnp.int32))
        _, logits = jax.lax.scan(step, start, None, length=self.max_len)
        return logits


class Seq2Seq(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = GreedyDecoder()

    def __call__(self, src):
        return self.decoder(self.encoder(src))


def main():
    model = Seq2Seq()
    src = jnp.array([3, 5, 7, 2], jnp.int32)
    variables = model.init(jax.random.key(0), src)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, src)
    return None
