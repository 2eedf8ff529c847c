# label: ok
# flax-error: none
# class: 5 autoregressive forecaster with Dropout in the scan body, evaluated with deterministic=True
"""Near-miss of the per-trace dropout mask: at evaluation the dropout is deterministic, so no key
is drawn inside the jax.lax.scan body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Forecaster(nn.Module):
    hidden: int = 8
    horizon: int = 5

    def setup(self):
        self.inp = nn.Dense(self.hidden)
        self.drop = nn.Dropout(0.3)
        self.out = nn.Dense(1)

    def __call__(self, x, train: bool = False):
        return self.out(self.drop(nn.tanh(self.inp(x)), deterministic=not train))

    def rollout(self, window):
        def step(window, _):
            y = self(window, train=False)
            window = jnp.concatenate([window[:, 1:], y], axis=1)
            return window, y[:, 0]

        _, preds = jax.lax.scan(step, window, None, length=self.horizon)
        return preds


def main():
    model = Forecaster()
    window = jnp.linspace(0, 1, 12).reshape(2, 6)
    variables = model.init(jax.random.PRNGKey(0), window)
    _ = model.apply(variables, window, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    preds = model.apply(variables, window, method=Forecaster.rollout)
    jax.block_until_ready(preds)
    return None
