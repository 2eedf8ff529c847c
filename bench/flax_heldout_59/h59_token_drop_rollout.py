# label: same-values
# flax-error: none
# class: 2 Dropout submodule (setup) is called inside the module's raw scan body, so make_rng runs once at trace time
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

        def step(h, x):
            keep = self.token_drop(jnp.ones_like(x)) * (1.0 - self.drop_rate)
            h = jnp.tanh(h + keep * x)
            return h, keep

        _, masks = jax.lax.scan(step, jnp.zeros(hs.shape[1:]), hs)
        return masks


def main():
    model = TokenDropEncoder()
    xs = jnp.ones((6, 2, 4))
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
    masks = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
    return masks
