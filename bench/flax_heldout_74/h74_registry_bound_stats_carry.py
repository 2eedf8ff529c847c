# label: ok
# flax-error: none
# class: 4 registry -> entry -> module and variables; the scan body applies with mutable batch_stats and carries them out of the loop
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


class ModelRegistry:
    def __init__(self):
        self._entries = {}

    def register(self, name, module, variables):
        self._entries[name] = RegistryEntry(name, module, variables)

    def get(self, name):
        return self._entries[name]


def recalibrate(registry, name, batches):
    entry = registry.get(name)
    params = entry.variables["params"]

    def body(stats, x):
        _, updates = entry.module.apply(
            {"params": params, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
        )
        return updates["batch_stats"], None

    new_stats, _ = jax.lax.scan(body, entry.variables["batch_stats"], batches)
    new_stats = jax.tree_util.tree_map(lambda v: v.astype(jnp.float32), new_stats)
    entry.variables = {"params": params, "batch_stats": new_stats}
    return jax.tree_util.tree_map(jnp.mean, new_stats)


def main():
    module = TinyConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 1))
    registry = ModelRegistry()
    registry.register("convnet", module, module.init(jax.random.PRNGKey(1), batches[0]))
    recalibrate(registry, "convnet", batches)
    return None
