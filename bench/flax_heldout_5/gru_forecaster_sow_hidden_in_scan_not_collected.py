# label: ok
# flax-error: none
# class: 3 GRU forecaster's rollout method sows every hidden state from inside a raw lax.scan body; training applies it with params only, so the sow is a no-op
"""Autoregressive GRU forecaster with a debugging hook: the rollout step records the hidden
state with self.sow('intermediates', ...). Initialisation goes through __call__ (one
encoding step outside any loop), and the training loss applies rollout with params only,
without asking for the 'intermediates' collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Forecaster(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(1)

    def __call__(self, h, y):
        h, o = self.cell(h, y)
        return h, self.out(o)

    def rollout(self, history, horizon: int):
        h = jnp.zeros((history.shape[1], self.hidden))
        for t in range(history.shape[0]):
            h, y = self(h, history[t])

        def step(carry, _):
            h, y = carry
            h, y = self(h, y)
            self.sow("intermediates", "hidden", h)
            return (h, y), y

        _, preds = jax.lax.scan(step, (h, y), None, length=horizon)
        return preds


def main():
    model = Forecaster()
    history = jnp.sin(jnp.arange(6.0))[:, None, None] * jnp.ones((6, 2, 1))
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((2, 16)), history[0])["params"]

    def loss(params):
        preds = model.apply({"params": params}, history, 3, method=Forecaster.rollout)
        return jnp.mean(preds**2)

    value, grads = jax.value_and_grad(loss)(params)
    assert jnp.isfinite(value)
    return None
