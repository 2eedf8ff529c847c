# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Dense projections of an RWKV time-mix block are first called inside a closure run by jax.lax.scan during init
import jax
import jax.numpy as jnp
from flax import linen as nn


class RWKVTimeMix(nn.Module):
    d_model: int = 8

    @nn.compact
    def __call__(self, x):
        # x: [T, d]
        w_decay = self.param("time_decay", nn.initializers.zeros, (self.d_model,))
        key_proj = nn.Dense(self.d_model, use_bias=False, name="key")
        value_proj = nn.Dense(self.d_model, use_bias=False, name="value")
        recept = nn.Dense(self.d_model, use_bias=False, name="receptance")

        def step(carry, xt):
            num, den = carry
            k = key_proj(xt)
            v = value_proj(xt)
            r = jax.nn.sigmoid(recept(xt))
            w = jnp.exp(-jnp.exp(w_decay))
            num = w * num + jnp.exp(k) * v
            den = w * den + jnp.exp(k)
            return (num, den), r * num / (den + 1e-6)

        init = (jnp.zeros(self.d_model), jnp.zeros(self.d_model))
        _, out = jax.lax.scan(step, init, x)
        return out


def main():
    model = RWKVTimeMix()
    x = jnp.ones((6, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(variables, x)
    y.block_until_ready()
    return None
