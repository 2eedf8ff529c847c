# label: ok
# flax-error: none
# class: 1 RWKV projections are called once on the first token before jax.lax.scan so their params exist outside the loop
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
        # warm up: materialise the projection params outside the scan
        key_proj(x[0]); value_proj(x[0]); recept(x[0])

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
