# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 compact seq2seq whose attention decoder submodule is first called inside a fori_loop body during init
import jax
import jax.numpy as jnp
import flax.linen as nn


class AdditiveAttention(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, query, keys):
        score = nn.Dense(1)(jnp.tanh(nn.Dense(self.hidden)(keys) + nn.Dense(self.hidden)(query)[:, None]))
        weights = jax.nn.softmax(score[..., 0], axis=-1)
        return jnp.einsum("bt,btd->bd", weights, keys)


class Seq2Seq(nn.Module):
    hidden: int = 16
    out_len: int = 5

    @nn.compact
    def __call__(self, src):
        enc = nn.RNN(nn.GRUCell(self.hidden))(src)
        attention = AdditiveAttention(self.hidden)
        cell = nn.GRUCell(self.hidden)
        proj = nn.Dense(src.shape[-1])
        h = enc[:, -1]
        outs = jnp.zeros((self.out_len,) + h.shape[:1] + (src.shape[-1],))

        def body(t, state):
            h, outs = state
            ctx = attention(h, enc)
            h, y = cell(h, ctx)
            outs = outs.at[t].set(proj(y))
            return h, outs

        _, outs = jax.lax.fori_loop(0, self.out_len, body, (h, outs))
        return outs


def main():
    src = jnp.ones((2, 7, 3))
    model = Seq2Seq()
    variables = model.init(jax.random.PRNGKey(0), src)
    out = model.apply(variables, src)
    print(out.shape)
    return None
