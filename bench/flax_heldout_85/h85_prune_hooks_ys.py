# label: ok
# flax-error: none
# class: 3 the scan body returns the activations as ys; the hook in the HookRegistry is fired after the loop with concrete values
"""Model-compression toolkit: magnitude pruning calibrated by activation hooks."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden, name="fc1")(x))
        return nn.Dense(4, name="fc2")(h), h


class ActivationHook:
    def __init__(self, name):
        self.name = name
        self.latest = None

    def __call__(self, value):
        self.latest = value


class HookRegistry:
    def __init__(self):
        self._hooks = {}

    def register(self, name, hook):
        self._hooks[name] = hook

    def fire(self, name, value):
        self._hooks[name](value)

    def get(self, name):
        return self._hooks[name]


class MagnitudePruner:
    def __init__(self, model, params, registry, sparsity=0.5):
        self.model = model
        self.params = params
        self.registry = registry
        self.sparsity = sparsity

    def calibrate(self, batches):
        def body(total, batch):
            logits, h = self.model.apply({"params": self.params}, batch)
            return total + jnp.mean(logits ** 2), jnp.abs(h).mean(axis=0)

        total, per_batch = lax.scan(body, jnp.zeros(()), batches)
        self.registry.fire("fc1", per_batch[-1])
        return total

    def prune(self):
        importance = self.registry.get("fc1").latest
        threshold = jnp.quantile(importance, self.sparsity)
        mask = (importance >= threshold).astype(jnp.float32)
        params = jax.tree.map(lambda p: p, self.params)
        params["fc2"]["kernel"] = params["fc2"]["kernel"] * mask[:, None]
        return params


def main():
    model = MLP()
    x = jnp.ones((8, 16))
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    registry = HookRegistry()
    registry.register("fc1", ActivationHook("fc1"))
    pruner = MagnitudePruner(model, params, registry)
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 16))
    pruner.calibrate(batches)
    pruned = pruner.prune()
    jax.block_until_ready(pruned)
    return None
