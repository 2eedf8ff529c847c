# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "sensor" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the IrrigationController's self.model.apply(self.model_vars, ..., method='assimilate') updates the 'sensor' EMA inside the fori_loop body
"""Vineyard irrigation scheduling: assimilate hourly soil-moisture probe readings into a
root-zone estimate and decide the drip schedule for the next day."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RootZoneModel(nn.Module):
    blocks: int = 4

    def setup(self):
        self.ema = self.variable("sensor", "ema", lambda: jnp.full((self.blocks,), 0.25))
        self.uptake = nn.Dense(self.blocks)

    def assimilate(self, moisture, probe):
        self.ema.value = 0.9 * self.ema.value + 0.1 * probe
        return moisture + 0.2 * (self.ema.value - moisture) - 0.01 * nn.softplus(self.uptake(moisture))

    def __call__(self, moisture):
        return self.assimilate(moisture, moisture)


class IrrigationController:
    def __init__(self, model, model_vars, target=0.3):
        self.model = model
        self.model_vars = model_vars
        self.target = target

    def assimilate_day(self, moisture, probes):
        def hour(i, moisture):
            return self.model.apply(self.model_vars, moisture, probes[i], method="assimilate")

        return jax.lax.fori_loop(0, probes.shape[0], hour, moisture)

    def schedule(self, moisture, probes):
        moisture = self.assimilate_day(moisture, probes)
        return jnp.clip(self.target - moisture, 0.0, None) * 60.0


def main():
    probes = jax.random.uniform(jax.random.key(6), (24, 4), minval=0.1, maxval=0.4)
    model = RootZoneModel()
    model_vars = model.init(jax.random.key(0), probes[0])
    minutes = IrrigationController(model, model_vars).schedule(probes[0], probes)
    print("drip minutes", minutes)
    return None
