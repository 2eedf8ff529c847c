# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body of an @nn.compact method calls a helper that does self.sow('intermediates', ...); apply(mutable=['intermediates']) returns the values sown in the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentAttention(nn.Module):
    dim: int = 4

    def attend(self, q, memory):
        w = jax.nn.softmax(memory @ q)
        self.sow("intermediates", "attn_weights", w)
        return w @ memory

    @nn.compact
    def __call__(self, memory, n_steps: int = 3):
        query = nn.Dense(self.dim)
        q0 = jnp.ones((self.dim,))
        query(q0)

        def body(q, _):
            ctx = self.attend(q, memory)
            q = jnp.tanh(query(ctx))
            return q, ctx

        _, ctxs = jax.lax.scan(body, q0, None, length=n_steps)
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
