# label: ok
# flax-error: none
# class: 4 a FermentationMonitor runs its callback list in the scan body; the IntermediatesHook made by make_probe_hook returns the sown features, which leave the loop as scan outputs
"""Brewery fermentation monitor: tracks gravity readings and lets hooks probe the model's features."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GravityModel(nn.Module):
    @nn.compact
    def __call__(self, reading):
        feat = nn.relu(nn.Dense(8)(reading))
        self.sow("intermediates", "attenuation_feat", feat.mean())
        return nn.Dense(1)(feat)[0]


class Hook:
    def on_step(self, reading, pred):
        return None


class IntermediatesHook(Hook):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.collected = None

    def on_step(self, reading, pred):
        _, state = self.model.apply(self.variables, reading, mutable=["intermediates"])
        return state["intermediates"]["attenuation_feat"][0]

    def summary(self):
        return self.collected.mean()


def make_probe_hook(model, variables):
    return IntermediatesHook(model, variables)


class FermentationMonitor:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def watch(self, readings):
        def tick(gravity, reading):
            pred = self.model.apply(self.variables, reading)
            outs = [cb.on_step(reading, pred) for cb in self.callbacks]
            return gravity + pred, outs

        gravity, outs = scan(tick, jnp.zeros(()), readings)
        for cb, out in zip(self.callbacks, outs):
            if out is not None:
                cb.collected = out
        return gravity


def main():
    model = GravityModel()
    readings = jax.random.normal(jax.random.key(0), (9, 4))
    variables = {"params": model.init(jax.random.key(1), readings[0])["params"]}
    probe = make_probe_hook(model, variables)
    monitor = FermentationMonitor(model, variables, [Hook(), probe])
    monitor.watch(readings)
    probe.summary()
    return None
