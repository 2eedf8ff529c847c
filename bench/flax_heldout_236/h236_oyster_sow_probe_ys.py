# label: ok
# flax-error: none
# class: 1 the growth model's own simulate method returns bed sizes as the scan's ys and sows them once after the loop
"""Oyster bed growth over a run of tides, with per-tide bed sizes recorded for the farm report."""
import jax
import jax.numpy as jnp
import flax.linen as nn

TIDES = 6
BEDS = 3


class TideGrowthModel(nn.Module):
    beds: int
    tides: int

    def setup(self):
        self.intake = nn.Dense(self.beds)
        self.gain = self.param("gain", nn.initializers.constant(0.2), (self.beds,))

    def __call__(self, salinity):
        return self.simulate(salinity)

    def simulate(self, salinity):
        target = self.intake(salinity)

        def tide(size, _):
            size = size + self.gain * jnp.tanh(target - size)
            return size, size

        final, sizes = jax.lax.scan(tide, jnp.zeros_like(target), None, length=self.tides)
        self.sow("intermediates", "bed_size", sizes)
        return final


class FarmReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, salinity):
        final, state = self.model.apply(self.variables, salinity, mutable=["intermediates"])
        sizes = jnp.stack(state["intermediates"]["bed_size"])
        return final, sizes.mean(axis=(0, 1))


def main():
    model = TideGrowthModel(beds=BEDS, tides=TIDES)
    salinity = jnp.full((2, 4), 0.31)
    variables = model.init(jax.random.key(0), salinity)
    report = FarmReport(model, {"params": variables["params"]})
    final, mean_size = report.run(salinity)
    jax.block_until_ready((final, mean_size))
