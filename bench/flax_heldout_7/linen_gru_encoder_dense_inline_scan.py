# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense constructed and called inside an inline lax.scan body of a compact __call__
import jax
import jax.numpy as jnp
import flax.linen as nn


class TokenEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens):
        embedded = nn.Embed(num_embeddings=50, features=self.hidden)(tokens)
        h0 = jnp.zeros((tokens.shape[0], self.hidden))

        def recur(h, x_t):
            gate = nn.sigmoid(nn.Dense(self.hidden, name="update_gate")(jnp.concatenate([h, x_t], -1)))
            cand = jnp.tanh(nn.Dense(self.hidden, name="candidate")(x_t))
            h = gate * h + (1.0 - gate) * cand
            return h, h

        h_last, _ = jax.lax.scan(recur, h0, jnp.swapaxes(embedded, 0, 1))
        return h_last


def main():
    tokens = jnp.arange(24).reshape(3, 8) % 50
    enc = TokenEncoder()
    variables = enc.init(jax.random.PRNGKey(0), tokens)
    out = enc.apply(variables, tokens)
    jnp.sum(out).block_until_ready()
    return None
