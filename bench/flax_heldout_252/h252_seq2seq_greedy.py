# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[13,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Seq2Seq calls self.decoder.greedy, whose fori_loop body calls self.embed, self.cell and self.proj; their parameters are first created inside the body during init
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Encoder(nn.Module):
    vocab_size: int
    hidden: int

    @nn.compact
    def __call__(self, src):
        emb = nn.Embed(self.vocab_size, self.hidden)(src)
        return jnp.tanh(nn.Dense(self.hidden)(emb.mean(axis=1)))


class GreedyDecoder(nn.Module):
    vocab_size: int
    hidden: int
    bos_id: int = 1

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.proj = nn.Dense(self.vocab_size)

    def greedy(self, h, max_len):
        batch = h.shape[0]

        def body(t, carry):
            h, token, out = carry
            h, y = self.cell(h, self.embed(token))
            token = jnp.argmax(self.proj(y), axis=-1)
            return h, token, out.at[:, t].set(token)

        init = (h, jnp.full((batch,), self.bos_id, jnp.int32), jnp.zeros((batch, max_len), jnp.int32))
        _, _, out = lax.fori_loop(0, max_len, body, init)
        return out


class Seq2Seq(nn.Module):
    vocab_size: int = 13
    hidden: int = 16

    def setup(self):
        self.encoder = Encoder(self.vocab_size, self.hidden)
        self.decoder = GreedyDecoder(self.vocab_size, self.hidden)

    def __call__(self, src, max_len: int = 5):
        return self.decoder.greedy(self.encoder(src), max_len)


def main():
    src = jnp.array([[3, 4, 5, 6], [7, 8, 9, 2]], jnp.int32)
    model = Seq2Seq()
    variables = model.init(jax.random.PRNGKey(0), src)
    tokens = model.apply(variables, src)
    jax.block_until_ready(tokens)
