# label: ok
# flax-error: none
# class: 5 the scan body is a jax.checkpoint-wrapped step that merges AdaptiveController's graphdef with the carried state; the ModelCache gets a model merged from the final carry
"""Subway ventilation: adapt the duct model's statistics over a day, then serve the latest model."""
import jax
import jax.numpy as jnp
from flax import nnx


class DuctModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(6, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(nnx.relu(self.norm(self.lin(x)))))


class ModelCache:
    def __init__(self):
        self._latest = None

    def put(self, model):
        self._latest = model

    def latest(self):
        return self._latest


class AdaptiveController:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.cache = ModelCache()

    def adapt(self, sensor_log):
        @jax.checkpoint
        def step(state, x):
            model = nnx.merge(self.graphdef, state)
            duty = model(x)
            return nnx.state(model), duty.mean()

        self.state, duties = jax.lax.scan(step, self.state, sensor_log)
        self.cache.put(nnx.merge(self.graphdef, self.state))
        return duties



def main():
    sensor_log = jax.random.normal(jax.random.key(0), (10, 16, 6))
    controller = AdaptiveController(DuctModel(nnx.Rngs(0)))
    duties = controller.adapt(sensor_log)
    serving = controller.cache.latest()
    print(duties, serving(sensor_log[0]).mean())
    return None
