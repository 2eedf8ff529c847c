# label: trace-context
# flax-error: TraceContextError: Cannot mutate FiringCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body reaches the model through the KilnController.model property, which looks it up in a ModelRegistry; the model bumps a FiringCount Variable each call
"""Ceramic kiln firing: ramp the glaze kiln until the model's temperature reaches the target."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx


class FiringCount(nnx.Variable):
    pass


class GlazeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)
        self.calls = FiringCount(jnp.array(0, jnp.int32))

    def __call__(self, x):
        self.calls[...] += 1
        return self.lin(x)[..., 0]


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, name, model):
        self._models[name] = model

    def get(self, name):
        return self._models[name]


class KilnController:
    def __init__(self, registry: ModelRegistry, name: str):
        self._registry = registry
        self._name = name

    @property
    def model(self):
        return self._registry.get(self._name)

    def ramp(self, profile, target):
        def cond(carry):
            i, temp = carry
            return (i < profile.shape[0]) & (temp < target)

        def body(carry):
            i, temp = carry
            return i + 1, temp + 60.0 + 30.0 * jax.nn.sigmoid(self.model(profile[i]))

        return lax.while_loop(cond, body, (0, jnp.float32(20.0)))


def main():
    registry = ModelRegistry()
    registry.register("glaze", GlazeModel(nnx.Rngs(0)))
    controller = KilnController(registry, "glaze")
    profile = jax.random.normal(jax.random.key(1), (20, 3))
    steps, temp = controller.ramp(profile, target=1000.0)
    print(int(steps), float(temp), int(controller.model.calls[...]))
    return None
