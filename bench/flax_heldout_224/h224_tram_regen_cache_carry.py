# label: ok
# flax-error: none
# class: 1 TramEnergyModel.rollout runs the fori_loop itself; the cache variable is read once before the loop and the running total rides the carry out
"""Tram network energy: regenerative braking recovered over one line's speed profile."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TramEnergyModel(nn.Module):
    n_segments: int
    mass_t: float = 38.0

    def setup(self):
        self.efficiency = nn.Dense(1)
        self.regen_kwh = self.variable("cache", "regen_kwh", lambda: jnp.zeros(()))

    def __call__(self, v, dv):
        eta = nn.sigmoid(self.efficiency(jnp.stack([v, dv, v * dv], axis=-1)))[..., 0]
        kinetic = 0.5 * self.mass_t * 1000.0 * jnp.maximum(-dv, 0.0) * (2.0 * v + dv) / 3.6e6
        return eta * kinetic

    def rollout(self, speeds):
        dv = jnp.diff(speeds, append=speeds[-1:])

        def segment(i, carry):
            recovered, total = carry
            gain = self(speeds[i], dv[i])
            return recovered.at[i].set(gain), total + gain

        start = (jnp.zeros(self.n_segments), self.regen_kwh.value)
        return jax.lax.fori_loop(0, self.n_segments, segment, start)


class LineEnergyReport:
    def __init__(self, line_id, n_segments):
        self.line_id = line_id
        self.model = TramEnergyModel(n_segments)

    def build(self, speeds):
        variables = self.model.init(jax.random.key(8), speeds[0], speeds[1] - speeds[0])
        per_segment, total = self.model.apply(variables, speeds, method=TramEnergyModel.rollout)
        return {"line": self.line_id, "per_segment": per_segment, "total": total}


def main():
    speeds = jnp.array([0.0, 18.0, 35.0, 42.0, 40.0, 22.0, 5.0, 0.0, 20.0, 31.0])  # km/h at stops
    report = LineEnergyReport("T4", n_segments=10).build(speeds)
    jax.block_until_ready(report["total"])
    return None
