# label: ok
# flax-error: none
# class: 2 localize_leak restores the localizer into a local, switches it to model.eval() and the scan body calls it directly
"""Pipeline leak localisation along a trunk line.

Acoustic sensors report a window per pipe section; the localizer turns each window
into a probability that the leak lies in that section.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class TrunkLine:
    name: str
    sections: int
    sensors_per_section: int
    window: int


class LeakLocalizer(nnx.Module):
    def __init__(self, window, rngs: nnx.Rngs):
        self.conv = nnx.Linear(window, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, sensor_windows):
        h = self.drop(nnx.relu(self.norm(self.conv(sensor_windows))))
        return jax.nn.sigmoid(self.head(h).mean())


def restore_localizer(line: TrunkLine, seed: int) -> LeakLocalizer:
    return LeakLocalizer(line.window, nnx.Rngs(seed))


def localize_leak(line: TrunkLine, readings):
    model = restore_localizer(line, seed=3)
    model.eval()

    def per_section(best, windows):
        p = model(windows)
        return jnp.maximum(best, p), p

    best, per_section_p = scan(per_section, jnp.zeros(()), readings)
    return jnp.argmax(per_section_p), best


def main():
    line = TrunkLine("trunk-B", sections=6, sensors_per_section=4, window=32)
    readings = jax.random.normal(jax.random.key(0), (line.sections, line.sensors_per_section, line.window))
    localize_leak(line, readings)
    return None
