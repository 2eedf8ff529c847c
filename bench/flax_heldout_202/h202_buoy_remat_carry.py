# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped cell is called inside the raw jax.lax.scan body of the forecaster's own method; the observation count goes through the scan carry and is written to 'stats' after the loop
"""Ocean wave buoy forecasting: a recurrent cell reads significant wave height, period
and direction from a moored buoy and forecasts the next hour; the cell counts the
observations it has assimilated."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SwellCell(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, h, obs):
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(jnp.concatenate([h, obs])))
        cand = jnp.tanh(nn.Dense(self.hidden, name="cand")(jnp.concatenate([h, obs])))
        return gate * h + (1 - gate) * cand, jnp.ones((), jnp.int32)


class BuoyForecaster(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.remat(SwellCell)(self.hidden)
        self.head = nn.Dense(3)
        self.seen = self.variable("stats", "assimilated", lambda: jnp.zeros((), jnp.int32))

    def warmup(self, obs):
        """One assimilation step; used to create the variables."""
        h, _ = self.cell(jnp.zeros(self.hidden), obs)
        return self.head(h)

    def __call__(self, observations):
        def hour(carry, obs):
            h, n = carry
            h, inc = self.cell(h, obs)
            return (h, n + inc), self.head(h)

        init = (jnp.zeros(self.hidden), jnp.zeros((), jnp.int32))
        (_, n), preds = jax.lax.scan(hour, init, observations)
        self.seen.value = self.seen.value + n
        return preds


def main():
    obs = jax.random.normal(jax.random.key(31), (24, 3))
    model = BuoyForecaster()
    variables = model.init(jax.random.key(32), obs[0], method=BuoyForecaster.warmup)
    preds, stats = model.apply(variables, obs, mutable=["stats"])
    total = stats["stats"]["assimilated"] + 0
    assert preds.shape == (24, 3) and total.shape == ()
    return None
