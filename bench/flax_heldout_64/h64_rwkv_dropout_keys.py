# label: ok
# flax-error: none
# class: 1 an nn.Dropout submodule of an RWKV channel-mix block is called inside a scanned closure with a per-token key passed as xs
import jax
import jax.numpy as jnp
from flax import linen as nn


class RWKVChannelMix(nn.Module):
    d_model: int = 8
    hidden: int = 16
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool = True):
        mix_k = self.param("time_mix_k", nn.initializers.constant(0.5), (self.d_model,))
        key = nn.Dense(self.hidden, use_bias=False, name="key")
        value = nn.Dense(self.d_model, use_bias=False, name="value")
        drop = nn.Dropout(self.rate, deterministic=not train)
        if self.is_initializing():
            value(key(x[0]))
        rngs = jax.random.split(self.make_rng("dropout"), x.shape[0]) if train else jnp.zeros(x.shape[0])

        def step(x_prev, inp):
            xt, rng = inp
            xk = xt * mix_k + x_prev * (1 - mix_k)
            h = jnp.square(nn.relu(key(xk)))
            mask = drop(jnp.ones_like(h), rng=rng) if train else jnp.ones_like(h)
            return xt, (value(h * mask), mask)

        _, (out, masks) = jax.lax.scan(step, jnp.zeros(self.d_model), (x, rngs))
        return out, masks


def main():
    x = jax.random.normal(jax.random.PRNGKey(5), (6, 8))
    model = RWKVChannelMix()
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    _, masks = model.apply(variables, x, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    return masks
