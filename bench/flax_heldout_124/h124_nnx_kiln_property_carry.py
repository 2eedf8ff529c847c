# label: ok
# flax-error: none
# class: 4 KilnController nnx.splits the model from its registry-backed .model property, carries the state in the while_loop, merges it in the body and nnx.updates the model after
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
        graphdef, state = nnx.split(self.model)

        def cond(carry):
            i, temp, _ = carry
            return (i < profile.shape[0]) & (temp < target)

        def body(carry):
            i, temp, state = carry
            model = nnx.merge(graphdef, state)
            temp = temp + 60.0 + 30.0 * jax.nn.sigmoid(model(profile[i]))
            return i + 1, temp, nnx.state(model)

        i, temp, state = lax.while_loop(cond, body, (0, jnp.float32(20.0), state))
        nnx.update(self.model, state)
        return i, temp



def main():
    registry = ModelRegistry()
    registry.register("glaze", GlazeModel(nnx.Rngs(0)))
    controller = KilnController(registry, "glaze")
    profile = jax.random.normal(jax.random.key(1), (20, 3))
    steps, temp = controller.ramp(profile, target=1000.0)
    print(int(steps), float(temp), int(controller.model.calls[...]))
    return None
