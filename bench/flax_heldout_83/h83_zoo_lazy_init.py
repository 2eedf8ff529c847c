# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the zoo initialises and caches a pinned model's variables lazily on first use, which happens inside the while_loop body
"""Model zoo with version pinning and lazy initialisation: the first call to an entry's predict
initialises its variables and stores them in the zoo. A demand-planning loop uses the entry
inside jax.lax.while_loop, and a later report calls it again."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DemandMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(8)(x)))[..., 0]


class ModelZoo:
    _factories = {("demand-mlp", "2.0.1"): DemandMLP}

    def __init__(self, seed=0):
        self.seed = seed
        self._loaded = {}

    def get(self, name, version):
        return LazyEntry(self, name, version)


class LazyEntry:
    def __init__(self, zoo, name, version):
        self.zoo, self.key = zoo, (name, version)
        self.module = zoo._factories[self.key]()

    def predict(self, x):
        if self.key not in self.zoo._loaded:
            self.zoo._loaded[self.key] = self.module.init(jax.random.key(self.zoo.seed), x)
        return self.module.apply(self.zoo._loaded[self.key], x)


def plan_orders(entry, stock, demand_feats, max_days=10):
    def cond(c):
        day, level = c
        return (day < max_days) & (level > 0)

    def body(c):
        day, level = c
        return day + 1, level - jax.nn.softplus(entry.predict(demand_feats[day]))

    return jax.lax.while_loop(cond, body, (0, stock))


def main():
    zoo = ModelZoo()
    entry = zoo.get("demand-mlp", "2.0.1")
    feats = jax.random.normal(jax.random.key(1), (10, 5))
    day, level = plan_orders(entry, jnp.float32(20.0), feats)
    report = entry.predict(feats)
    report.block_until_ready()
    return None
