# label: ok
# flax-error: none
# class: 1 the RunoffModel method simulate_until_peak runs lax.while_loop itself and calls self in the body after the desk has put the module in eval mode, so its BatchNorm only reads its statistics
"""Glacier melt runoff: the hydropower operator simulates daily meltwater discharge from
the forecast forcings and stops at the first day the cumulative inflow would overtop the
reservoir's flood reserve."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class RunoffModel(nnx.Module):
    def __init__(self, n_forcings: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_forcings, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, forcings):
        return nnx.softplus(self.head(nnx.gelu(self.norm(self.enc(forcings)))))[..., 0]

    def simulate_until_peak(self, forcings, flood_reserve):
        def below(state):
            day, inflow = state
            return (day < forcings.shape[0]) & (inflow < flood_reserve)

        def melt_day(state):
            day, inflow = state
            discharge = self(forcings[day]).sum()
            return day + 1, inflow + discharge

        return lax.while_loop(below, melt_day, (jnp.int32(0), jnp.zeros(())))


class ReservoirDesk:
    def __init__(self, model, flood_reserve):
        self.model = model
        self.flood_reserve = flood_reserve

    def days_to_spill(self, forcings):
        self.model.eval()
        day, inflow = self.model.simulate_until_peak(forcings, self.flood_reserve)
        return day


def main():
    forcings = jax.random.normal(jax.random.key(3), (30, 5, 4))  # days x sub-catchments x (temp, radiation, precip, wind)
    model = RunoffModel(4, nnx.Rngs(0))
    ReservoirDesk(model, flood_reserve=40.0).days_to_spill(forcings)
    return None
