# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the MeltCell wrapped in nn.remat is called in the scan body and adds to its own melt-collection variable
"""Glacier mass balance: daily melt over an ablation season with a rematerialised energy-balance cell."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltCell(nn.Module):
    n_bands: int

    @nn.compact
    def __call__(self, albedo, forcing):
        absorbed = (1.0 - albedo) * forcing[..., :1] + nn.Dense(1, name="turbulent")(forcing)
        melt = jax.nn.relu(absorbed) * 0.03  # mm w.e. per band
        cumulative = self.variable("melt", "cumulative_mm", lambda: jnp.zeros((self.n_bands, 1)))
        cumulative.value = cumulative.value + melt
        new_albedo = jnp.clip(albedo - 0.002 * melt + 0.01 * forcing[..., 1:2], 0.2, 0.9)
        return new_albedo, melt


class GlacierColumn(nn.Module):
    n_bands: int

    def setup(self):
        self.cell = nn.remat(MeltCell)(self.n_bands)

    def day(self, albedo, forcing):
        return self.cell(albedo, forcing)

    def season(self, albedo, forcing_days):
        def one_day(albedo, forcing):
            albedo, melt = self.cell(albedo, forcing)
            return albedo, melt.mean()

        return jax.lax.scan(one_day, albedo, forcing_days)


def seasonal_balance(model, variables, albedo, forcing_days):
    (albedo, daily), state = model.apply(
        variables, albedo, forcing_days, method=GlacierColumn.season, mutable=["melt"]
    )
    runoff_m3 = jax.tree.map(lambda mm: mm.sum() * 1.2e3, state["melt"])
    return albedo, daily, runoff_m3


def main():
    bands = 5
    forcing = jax.random.uniform(jax.random.key(2), (30, bands, 3)) * jnp.array([250.0, 1.0, 4.0])
    albedo = jnp.full((bands, 1), 0.6)
    model = GlacierColumn(bands)
    variables = model.init(jax.random.key(0), albedo, forcing[0], method=GlacierColumn.day)
    out = seasonal_balance(model, variables, albedo, forcing)
    jax.block_until_ready(out)
    return None
