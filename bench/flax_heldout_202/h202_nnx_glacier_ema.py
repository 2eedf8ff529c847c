# label: trace-context
# flax-error: TraceContextError: Cannot mutate MeltEma from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 MeltSeasonSimulator.model.melt_ema (a MeltEma Variable subclass) is rewritten by model.assimilate inside the while_loop body
"""Glacier melt modelling: a degree-day surrogate network estimates daily ablation from
air temperature, shortwave radiation and albedo; the simulator runs the melt season
until the snowpack is gone, keeping a running melt average on the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MeltEma(nnx.Variable):
    """Exponential moving average of daily melt, kept for the dashboard."""


class AblationSurrogate(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, decay: float = 0.9):
        self.net = nnx.Linear(3, 1, rngs=rngs)
        self.decay = decay
        self.melt_ema = MeltEma(jnp.zeros(()))

    def __call__(self, forcing):
        return nnx.softplus(self.net(forcing))[0]

    def assimilate(self, forcing):
        melt = self(forcing)
        self.melt_ema.value = self.decay * self.melt_ema.value + (1 - self.decay) * melt
        return melt


class MeltSeasonSimulator:
    def __init__(self, model: AblationSurrogate, forcing):
        self.model = model
        self.forcing = forcing

    def run(self, snowpack_mm):
        days = self.forcing.shape[0]

        def snow_left(state):
            day, pack = state
            return (day < days) & (pack > 0)

        def melt_day(state):
            day, pack = state
            melt = self.model.assimilate(self.forcing[day])
            return day + 1, pack - 10.0 * melt

        return jax.lax.while_loop(snow_left, melt_day, (0, jnp.asarray(snowpack_mm)))


def main():
    forcing = jax.random.normal(jax.random.key(111), (120, 3))
    simulator = MeltSeasonSimulator(AblationSurrogate(nnx.Rngs(0)), forcing)
    simulator.run(400.0)
    return None
