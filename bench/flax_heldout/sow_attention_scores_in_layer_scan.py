# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 attention scores sown in a raw scan over tied layers, then visualised from the intermediates
import flax.linen as nn
import jax
import jax.numpy as jnp


class TiedAttention(nn.Module):
    depth: int = 3

    @nn.compact
    def __call__(self, x):
        qk = nn.Dense(x.shape[-1])
        qk(x)

        def layer(h, _):
            q = qk(h)
            scores = jax.nn.softmax(q @ h.swapaxes(-1, -2) / jnp.sqrt(h.shape[-1]))
            self.sow("intermediates", "scores", scores)
            return scores @ h, None

        h, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 4, 8))
    model = TiedAttention()
    variables = model.init(jax.random.PRNGKey(0), x)
    _, state = model.apply(variables, x, mutable=["intermediates"])
    attention_map = state["intermediates"]["scores"][0].mean(0)
    print(attention_map.round(2))
