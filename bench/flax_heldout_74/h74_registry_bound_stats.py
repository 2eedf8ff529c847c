# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 registry -> entry -> model.bind(..., mutable=["batch_stats"]); the scan body calls the bound module and the stats are exported after the loop
"""Model registry that recalibrates BatchNorm statistics of a registered model on fresh data."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(5)(x)


class RegistryEntry:
    def __init__(self, name, module, variables):
        self.name = name
        self.module = module
        self.variables = variables
        self._bound = None

    def bound(self):
        if self._bound is None:
            self._bound = self.module.bind(self.variables, mutable=["batch_stats"])
        return self._bound


class ModelRegistry:
    def __init__(self):
        self._entries = {}

    def register(self, name, module, variables):
        self._entries[name] = RegistryEntry(name, module, variables)

    def get(self, name):
        return self._entries[name]


def recalibrate(registry, name, batches):
    entry = registry.get(name)
    net = entry.bound()

    def body(_, x):
        net(x, train=True)
        return None, None

    jax.lax.scan(body, None, batches)
    new_stats = jax.tree_util.tree_map(lambda v: v.astype(jnp.float32), net.variables["batch_stats"])
    entry.variables = {"params": entry.variables["params"], "batch_stats": new_stats}
    return jax.tree_util.tree_map(jnp.mean, new_stats)


def main():
    module = TinyConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 1))
    registry = ModelRegistry()
    registry.register("convnet", module, module.init(jax.random.PRNGKey(1), batches[0]))
    recalibrate(registry, "convnet", batches)
    return None
