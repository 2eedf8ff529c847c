# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow('intermediates', ...) called inline in the lax.scan step, applied with mutable=['intermediates']
import jax
import jax.numpy as jnp
import flax.linen as nn


class AttnReadout(nn.Module):
    dim: int = 6

    @nn.compact
    def __call__(self, queries, memory):
        w_q = self.param("w_q", nn.initializers.lecun_normal(), (self.dim, self.dim))
        w_o = self.param("w_o", nn.initializers.lecun_normal(), (self.dim, self.dim))

        def step(h, q):
            scores = (q @ w_q + h) @ memory.T
            attn = jax.nn.softmax(scores, axis=-1)
            self.sow("intermediates", "attn", attn)
            h = jnp.tanh(attn @ memory @ w_o)
            return h, h

        h0 = jnp.zeros((self.dim,))
        _, hs = jax.lax.scan(step, h0, queries)
        return hs


def main():
    queries = jnp.ones((4, 6))
    memory = jnp.linspace(0.0, 1.0, 30).reshape(5, 6)
    model = AttnReadout()
    params = model.init(jax.random.PRNGKey(0), queries, memory)["params"]
    hs, state = model.apply({"params": params}, queries, memory, mutable=["intermediates"])
    attn = jnp.stack(state["intermediates"]["attn"])
    print(attn.shape, hs.sum())
    return None
