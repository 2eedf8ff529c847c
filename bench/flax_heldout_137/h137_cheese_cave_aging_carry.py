# label: ok
# flax-error: none
# class: 1 CaveClimateModel.__call__ runs lax.scan itself (after stepping day one eagerly), carries the running peak moisture through the scan carry and writes self.variable("telemetry", "peak_moisture") after the loop
"""Cheese cave affinage: a recurrent climate model tracks rind moisture over an aging schedule."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class CaveClimateModel(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(1)
        self.peak = self.variable("telemetry", "peak_moisture", lambda: jnp.zeros(()))

    def _day(self, h, day):
        h, out = self.cell(h, day)
        return h, nn.sigmoid(self.readout(out))[..., 0]

    def __call__(self, climate_days):
        # The first day is stepped eagerly so the cell's parameters exist before the loop.
        h0, first = self._day(jnp.zeros((climate_days.shape[1], self.hidden)), climate_days[0])

        def body(carry, day):
            h, peak = carry
            h, moisture = self._day(h, day)
            return (h, jnp.maximum(peak, moisture.max())), moisture

        (_, peak), moisture = lax.scan(body, (h0, self.peak.value), climate_days[1:])
        self.peak.value = peak
        return jnp.concatenate([first[None], moisture])


class AgingRoom:
    def __init__(self, model, wheels):
        self.model = model
        self.wheels = wheels

    def simulate(self, climate_days):
        variables = self.model.init(jax.random.key(0), climate_days)
        moisture, telemetry = self.model.apply(
            {"params": variables["params"], "telemetry": variables["telemetry"]},
            climate_days, mutable=["telemetry"])
        return moisture, telemetry["telemetry"]["peak_moisture"] * 100.0


def main():
    climate = jax.random.normal(jax.random.key(1), (14, 4, 3))
    room = AgingRoom(CaveClimateModel(), wheels=4)
    moisture, peak = room.simulate(climate)
    jax.block_until_ready((moisture, peak))
    return None
