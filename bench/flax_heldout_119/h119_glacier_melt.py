# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module's __call__ runs jax.lax.scan over days and calls its own GRUCell submodule for the first time in the body (during init)
"""Glacier melt emulator: a recurrent emulator of daily ablation from degree-day forcing,
used by a basin runoff service."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltEmulator(nn.Module):
    hidden: int = 12

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, forcing):
        carry = jnp.zeros((forcing.shape[1], self.hidden))

        def day(h, f):
            h, out = self.cell(h, f)
            return h, self.readout(out)[..., 0]

        _, melt = jax.lax.scan(day, carry, forcing)
        return jax.nn.softplus(melt)


class RunoffService:
    def __init__(self, emulator, seed=0):
        self.emulator = emulator
        self.seed = seed
        self.variables = None

    def warm_up(self, forcing):
        self.variables = self.emulator.init(jax.random.key(self.seed), forcing)

    def seasonal_runoff(self, forcing):
        melt = self.emulator.apply(self.variables, forcing)
        return melt.sum(axis=0)


def main():
    forcing = jax.random.normal(jax.random.key(1), (30, 3, 4))  # days, glaciers, features
    service = RunoffService(MeltEmulator())
    service.warm_up(forcing)
    runoff = service.seasonal_runoff(forcing)
    jax.block_until_ready(runoff)
    return None
