# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LightKeeper.sweep runs a fori_loop whose body calls self.lamp.observe, which appends the traced intensity to the lamp module's plain-list history attribute read after the loop
"""Lighthouse lamp monitoring: beam intensity over a rotation, with lamp-ageing drift detection."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LampModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, n_panels: int = 4):
        self.panels = nnx.Linear(2, n_panels, rngs=rngs)
        self.history = []

    def __call__(self, angle):
        bearing = jnp.stack([jnp.cos(angle), jnp.sin(angle)])
        return jax.nn.softplus(self.panels(bearing)).max()

    def observe(self, angle):
        intensity = self(angle)
        self.history.append(intensity)
        return intensity


class LightKeeper:
    def __init__(self, lamp: LampModel, steps_per_rotation: int = 16):
        self.lamp = lamp
        self.steps = steps_per_rotation

    def sweep(self):
        def body(i, peak):
            angle = 2.0 * jnp.pi * i / self.steps
            return jnp.maximum(peak, self.lamp.observe(angle))

        return jax.lax.fori_loop(0, self.steps, body, jnp.zeros(()))

    def drift_report(self):
        readings = jnp.stack(self.lamp.history)
        return readings.mean(), readings.std()


def main():
    keeper = LightKeeper(LampModel(nnx.Rngs(0)))
    keeper.sweep()
    mean, std = keeper.drift_report()
    mean.block_until_ready()
    return None
