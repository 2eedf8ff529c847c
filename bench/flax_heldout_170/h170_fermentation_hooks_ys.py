# label: ok
# flax-error: none
# class: 4 FermentationMonitor.run -> callbacks sorted by priority -> ActivationProbe.on_reading runs model.apply(..., mutable=["intermediates"]) and hands the sown values out as scan outputs
"""Brewery fermentation monitor: predicts attenuation per hour; hooks watch the tank model."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class AttenuationModel(nn.Module):
    @nn.compact
    def __call__(self, reading):
        h = nn.tanh(nn.Dense(12, name="sensor_mix")(reading))
        self.sow("intermediates", "hidden", h)
        return nn.sigmoid(nn.Dense(1, name="attenuation")(h))[0]


class Callback:
    priority = 0

    def on_reading(self, hour, reading):
        return jnp.zeros(()), None

    def on_run_end(self, extras):
        pass


class ActivationProbe(Callback):
    priority = 10

    def __init__(self, model, variables):
        self.model, self.variables = model, variables
        self.hidden = None

    def on_reading(self, hour, reading):
        out, state = self.model.apply(self.variables, reading, mutable=["intermediates"])
        return out, state["intermediates"]["hidden"][0]

    def on_run_end(self, extras):
        self.hidden = extras

    def report(self):
        return {"mean_activation": self.hidden.mean(), "saturated": (jnp.abs(self.hidden) > 0.95).mean()}


class StuckFermentationAlarm(Callback):
    priority = 1

    def on_reading(self, hour, reading):
        return jnp.where(reading[2] < 14.0, 1.0, 0.0), None  # tank too cold


class FermentationMonitor:
    def __init__(self, callbacks):
        self.callbacks = sorted(callbacks, key=lambda cb: -cb.priority)

    def run(self, readings):
        def hour_step(hour, reading):
            results = [cb.on_reading(hour, reading) for cb in self.callbacks]
            return hour + 1, (jnp.stack([r[0] for r in results]), [r[1] for r in results])

        _, (outputs, extras) = lax.scan(hour_step, 0, readings)
        for cb, extra in zip(self.callbacks, extras):
            cb.on_run_end(extra)
        return outputs


def main():
    model = AttenuationModel()
    readings = jnp.stack([jnp.linspace(1.060, 1.012, 24), jnp.full(24, 4.4), jnp.linspace(19.0, 13.0, 24)], axis=-1)
    variables = model.init(jax.random.key(0), readings[0])
    probe = ActivationProbe(model, {"params": variables["params"]})
    monitor = FermentationMonitor([StuckFermentationAlarm(), probe])
    outputs = monitor.run(readings)
    summary = probe.report()
    assert outputs.shape == (24, 2)
    return None
