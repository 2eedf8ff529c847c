# label: ok
# flax-error: none
# class: 2 the scan body of an @nn.compact method only reads the query Dense and returns the attention weights as ys; self.sow runs after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentAttention(nn.Module):
    dim: int = 4

    def attend(self, q, memory):
        w = jax.nn.softmax(memory @ q)
        return w @ memory, w

    @nn.compact
    def __call__(self, memory, n_steps: int = 3):
        query = nn.Dense(self.dim)
        q0 = jnp.ones((self.dim,))
        query(q0)

        def body(q, _):
            ctx, w = self.attend(q, memory)
            q = jnp.tanh(query(ctx))
            return q, (ctx, w)

        _, (ctxs, ws) = jax.lax.scan(body, q0, None, length=n_steps)
        self.sow("intermediates", "attn_weights", ws)
        return ctxs


def main():
    model = RecurrentAttention()
    memory = jax.random.normal(jax.random.key(0), (5, 4))
    variables = model.init(jax.random.key(1), memory)
    ctxs, state = model.apply(variables, memory, mutable=["intermediates"])
    (weights,) = state["intermediates"]["attn_weights"]
    entropy = -jnp.sum(weights * jnp.log(weights + 1e-9))
    print(ctxs.shape, entropy)
    return None
