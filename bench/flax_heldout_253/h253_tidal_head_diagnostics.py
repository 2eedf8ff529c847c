# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the station's sown intermediates are appended to station.diagnostics inside the scan body
"""Barrage turbine output over a tidal cycle, with sown head-loss diagnostics."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TurbineModel(nn.Module):
    turbines: int = 6

    @nn.compact
    def __call__(self, basin_level, sea_level):
        head = jnp.abs(basin_level - sea_level)
        efficiency = nn.sigmoid(nn.Dense(self.turbines)(jnp.stack([head, basin_level, sea_level])))
        head_loss = 0.05 * head**2
        self.sow("intermediates", "head_loss", head_loss)
        return jnp.sum(efficiency * jnp.maximum(head - head_loss, 0.0))


class TidalStation:
    def __init__(self, name: str, basin_area_km2: float):
        self.name = name
        self.basin_area_km2 = basin_area_km2
        self.turbine_model = TurbineModel()
        self.variables = self.turbine_model.init(jax.random.key(2), jnp.float32(4.0), jnp.float32(1.0))
        self.diagnostics = []

    def _generate(self, energy, levels):
        basin, sea = levels
        power, state = self.turbine_model.apply(self.variables, basin, sea, mutable=["intermediates"])
        self.diagnostics.append(state["intermediates"])
        return energy + power * self.basin_area_km2, None

    def simulate(self, basin_levels, sea_levels):
        energy, _ = lax.scan(self._generate, jnp.float32(0.0), (basin_levels, sea_levels))
        return energy

    def report(self):
        losses = [d["head_loss"][0] for d in self.diagnostics]
        return {"mean_head_loss": jnp.mean(jnp.concatenate([jnp.ravel(l) for l in losses]))}


def main():
    station = TidalStation("estuary-east", basin_area_km2=2.5)
    t = jnp.linspace(0.0, 2 * jnp.pi, 12)
    sea = 3.0 * jnp.sin(t)
    basin = 0.8 * jnp.sin(t - 0.7)
    energy = station.simulate(basin, sea)
    summary = station.report()
    jax.block_until_ready((energy, summary))
    return None
