# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 GrowRoomController.model reaches the scan body; each step's predictions go to every hook in GrowRoomController.hooks, and MistingAuditHook keeps them in a list past the scan
"""Mushroom grow room: predict hourly humidity corrections and let hooks audit the misting plan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HumidityNet(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_sensors, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, sensors):
        return jnp.tanh(self.out(nnx.silu(self.mix(sensors))))


class Hook:
    def after_step(self, outputs):
        pass

    def after_run(self):
        pass


class MistingAuditHook(Hook):
    def __init__(self):
        self._corrections = []
        self.report = None

    def after_step(self, outputs):
        self._corrections.append(outputs["correction"])

    def after_run(self):
        self.report = {"max_correction": jnp.max(jnp.stack(self._corrections))}


class GrowRoomController:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = tuple(hooks)

    def run_night(self, hourly_sensors):
        def hour(humidity, sensors):
            correction = self.model(sensors)[0]
            for hook in self.hooks:
                hook.after_step({"correction": correction})
            return humidity + correction, correction

        final, _ = lax.scan(hour, jnp.asarray(0.85), hourly_sensors)
        for hook in self.hooks:
            hook.after_run()
        return final


def main():
    model = HumidityNet(4, nnx.Rngs(0))
    sensors = jax.random.uniform(jax.random.PRNGKey(9), (8, 4))
    GrowRoomController(model, [MistingAuditHook()]).run_night(sensors)
    return None
