# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a FermentationMonitor runs its callback list in the scan body; an IntermediatesHook made by make_probe_hook holds model.bind(variables, mutable=['intermediates'])
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
        pass


class IntermediatesHook(Hook):
    def __init__(self, bound):
        self.bound = bound

    def on_step(self, reading, pred):
        self.bound(reading)

    def summary(self):
        feats = self.bound.variables["intermediates"]["attenuation_feat"]
        return jnp.stack(feats).mean()


def make_probe_hook(model, variables):
    return IntermediatesHook(model.bind(variables, mutable=["intermediates"]))


class FermentationMonitor:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def watch(self, readings):
        def tick(gravity, reading):
            pred = self.model.apply(self.variables, reading)
            for cb in self.callbacks:
                cb.on_step(reading, pred)
            return gravity + pred, None

        return scan(tick, jnp.zeros(()), readings)[0]


def main():
    model = GravityModel()
    readings = jax.random.normal(jax.random.key(0), (9, 4))
    variables = {"params": model.init(jax.random.key(1), readings[0])["params"]}
    probe = make_probe_hook(model, variables)
    monitor = FermentationMonitor(model, variables, [Hook(), probe])
    monitor.watch(readings)
    probe.summary()
    return None
