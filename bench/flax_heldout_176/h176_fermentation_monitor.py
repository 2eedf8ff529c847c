# label: same-values
# flax-error: none
# class: 4 the monitor's probe helper holds the sensor model bound with its variables and a noise rng; the scan body calls self.probe.bound.perturb, which calls self.make_rng
"""Wine fermentation monitoring.

Before each shift the probe in a tank is calibrated: the monitor takes replicate readings of
the same must state; a probe helper keeps the sensor model bound so that the monitor can
call it like a plain object.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class TankSpec:
    tank_id: str = "T-07"
    replicates: int = 6
    channels: int = 4


class SensorModel(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, reading):
        return nn.Dense(self.channels)(reading)

    def perturb(self, reading):
        drift = self(reading)
        noise = jax.random.normal(self.make_rng("sensor"), reading.shape)
        return reading + 0.01 * drift + 0.1 * noise


class Probe:
    def __init__(self, module, variables, key):
        self.module = module
        self.variables = variables
        self.key = key
        self.bound = module.bind(variables, rngs={"sensor": key})


class FermentationMonitor:
    def __init__(self, probe, spec):
        self.probe = probe
        self.spec = spec

    def calibrate(self, state):
        def body(count, _):
            observed = self.probe.bound.perturb(state)
            return count + 1, observed

        _, observed = lax.scan(body, 0, None, length=self.spec.replicates)
        return observed


def main():
    spec = TankSpec()
    model = SensorModel(spec.channels)
    start = jnp.array([22.0, 18.5, 3.4, 0.9])
    variables = model.init(jax.random.key(0), start)
    monitor = FermentationMonitor(Probe(model, variables, jax.random.key(1)), spec)
    return monitor.calibrate(start)
