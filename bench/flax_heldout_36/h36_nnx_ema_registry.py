# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ModelRegistry holds 'student' and 'ema' models; a module-level ema_update() helper called from the raw fori_loop body nnx.update()s the outside ema model
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Backbone(nnx.Module):
    def __init__(self, *, rngs):
        self.conv = nnx.Linear(4, 4, rngs=rngs)
        self.out = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.conv(x)))


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, name, model):
        self._models[name] = model

    def get(self, name):
        return self._models[name]


def ema_update(registry, decay):
    student = nnx.state(registry.get("student"), nnx.Param)
    ema = nnx.state(registry.get("ema"), nnx.Param)
    new = jax.tree.map(lambda e, s: decay * e + (1 - decay) * s, ema, student)
    nnx.update(registry.get("ema"), new)


def warm_ema(registry, n_steps, decay=0.9):
    def body(i, acc):
        ema_update(registry, decay)
        return acc + 1

    return lax.fori_loop(0, n_steps, body, 0)


def main():
    registry = ModelRegistry()
    registry.register("student", Backbone(rngs=nnx.Rngs(0)))
    registry.register("ema", Backbone(rngs=nnx.Rngs(1)))
    warm_ema(registry, 4)
    registry.get("ema")(jnp.ones((1, 4)))
    return None
