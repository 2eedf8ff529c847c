# label: ok
# flax-error: none
# class: 2 one dropout key per step is split from make_rng before the module's raw scan and passed as xs to the Dropout submodule
"""Stochastic token dropping in a recurrent encoder: one dropout mask per time step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TokenDropEncoder(nn.Module):
    width: int = 8
    drop_rate: float = 0.5

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.token_drop = nn.Dropout(self.drop_rate, deterministic=False)

    def __call__(self, xs):
        hs = self.proj(xs)
        keys = jax.random.split(self.make_rng("dropout"), hs.shape[0])

        def step(h, inputs):
            x, key = inputs
            keep = self.token_drop(jnp.ones_like(x), rng=key) * (1.0 - self.drop_rate)
            h = jnp.tanh(h + keep * x)
            return h, keep

        _, masks = jax.lax.scan(step, jnp.zeros(hs.shape[1:]), (hs, keys))
        return masks


def main():
    model = TokenDropEncoder()
    xs = jnp.ones((6, 2, 4))
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
    masks = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
    return masks
