# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ABRunner.registry.variants[name].model is an nnx.Module with BatchNorm left in train mode; the scan body calls it through the registry
"""A/B comparison of two demand-forecast variants (a wide baseline and a deeper candidate) on a
held-out week of store-level features before the candidate is promoted."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DemandNet(nnx.Module):
    def __init__(self, in_dim: int, widths, *, rngs: nnx.Rngs):
        dims = (in_dim, *widths)
        self.layers = nnx.List([nnx.Linear(a, b, rngs=rngs) for a, b in zip(dims[:-1], dims[1:])])
        self.norm = nnx.BatchNorm(widths[-1], rngs=rngs)
        self.out = nnx.Linear(widths[-1], 1, rngs=rngs)

    def __call__(self, x):
        for layer in self.layers:
            x = nnx.relu(layer(x))
        return self.out(self.norm(x))[..., 0]


@dataclasses.dataclass
class Variant:
    name: str
    model: DemandNet


class VariantRegistry:
    def __init__(self):
        self.variants: dict[str, Variant] = {}

    def register(self, name, model):
        self.variants[name] = Variant(name, model)


class ABRunner:
    def __init__(self, registry: VariantRegistry):
        self.registry = registry

    def compare(self, days, targets):
        names = sorted(self.registry.variants)

        def day(totals, inputs):
            features, target = inputs
            errors = jnp.stack([
                jnp.abs(self.registry.variants[n].model(features) - target).mean() for n in names
            ])
            return totals + errors, errors

        totals, daily = lax.scan(day, jnp.zeros(len(names)), (days, targets))
        return dict(zip(names, totals / days.shape[0])), daily


def main():
    days = jax.random.normal(jax.random.key(0), (7, 32, 10))
    targets = jax.random.normal(jax.random.key(1), (7, 32))
    registry = VariantRegistry()
    registry.register("baseline", DemandNet(10, (64,), rngs=nnx.Rngs(0)))
    registry.register("candidate", DemandNet(10, (32, 32), rngs=nnx.Rngs(1)))
    mae, _ = ABRunner(registry).compare(days, targets)
    print({name: float(v) for name, v in mae.items()})
    return None
