# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped cell that bumps its 'stats' counter is called inside the raw jax.lax.scan body of the forecaster's own method
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
        seen = self.variable("stats", "assimilated", lambda: jnp.zeros((), jnp.int32))
        seen.value = seen.value + 1
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(jnp.concatenate([h, obs])))
        cand = jnp.tanh(nn.Dense(self.hidden, name="cand")(jnp.concatenate([h, obs])))
        return gate * h + (1 - gate) * cand


class BuoyForecaster(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.remat(SwellCell)(self.hidden)
        self.head = nn.Dense(3)

    def warmup(self, obs):
        """One assimilation step; used to create the variables."""
        return self.head(self.cell(jnp.zeros(self.hidden), obs))

    def __call__(self, observations):
        def hour(h, obs):
            h = self.cell(h, obs)
            return h, self.head(h)

        _, preds = jax.lax.scan(hour, jnp.zeros(self.hidden), observations)
        return preds


def main():
    obs = jax.random.normal(jax.random.key(31), (24, 3))
    model = BuoyForecaster()
    variables = model.init(jax.random.key(32), obs[0], method=BuoyForecaster.warmup)
    preds, stats = model.apply(variables, obs, mutable=["stats"])
    total = stats["stats"]["cell"]["assimilated"] + 0
    assert preds.shape == (24, 3) and total.shape == ()
    return None
