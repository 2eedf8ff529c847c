# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the Deployment's model looked up in a ModelRegistry by version string; the fori_loop body nnx.update's registry.resolve(version).model with the freshly adapted state on every round
"""Container port: online adaptation of the yard dwell-time predictor behind a model registry.

The terminal operating system resolves models by version string; the adaptation job
replays the last hours of gate-out events and hot-swaps the deployed weights.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DwellTimeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.box = nnx.Linear(6, 16, rngs=rngs)
        self.hours = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, boxes):
        return nnx.softplus(self.hours(nnx.gelu(self.box(boxes))))[..., 0]


@dataclasses.dataclass
class Deployment:
    version: str
    model: DwellTimeModel


class ModelRegistry:
    def __init__(self):
        self._deployments: dict[str, Deployment] = {}

    def publish(self, version: str, model: DwellTimeModel):
        self._deployments[version] = Deployment(version, model)

    def resolve(self, version: str) -> Deployment:
        return self._deployments[version]


class HotSwapAdapter:
    def __init__(self, registry: ModelRegistry, version: str, lr: float = 0.02):
        self.registry, self.version, self.lr = registry, version, lr

    def replay(self, boxes, dwell_hours):
        graphdef, state = nnx.split(self.registry.resolve(self.version).model)

        def round_(i, state):
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(boxes[i]) - dwell_hours[i]) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            nnx.update(self.registry.resolve(self.version).model, nnx.state(model))
            return nnx.state(model)

        return lax.fori_loop(0, boxes.shape[0], round_, state)


def main():
    registry = ModelRegistry()
    registry.publish("3.1.4", DwellTimeModel(nnx.Rngs(0)))
    registry.publish("3.2.0-canary", DwellTimeModel(nnx.Rngs(1)))
    boxes = jax.random.uniform(jax.random.key(2), (4, 25, 6))  # 4 replay rounds x 25 boxes x 6 features
    dwell = 48.0 * jax.random.uniform(jax.random.key(3), (4, 25))
    HotSwapAdapter(registry, "3.2.0-canary").replay(boxes, dwell)
    jax.block_until_ready(registry.resolve("3.2.0-canary").model(boxes[0]))
    return None
