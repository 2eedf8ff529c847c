# label: ok
# flax-error: none
# class: 4 outputs of BarrelService.model leave the scan body as scan outputs; the hooks in BarrelService.hooks['post_forward'] are called with them after the loop
"""Wine barrel topping-up: a model predicts nightly evaporation (the angels' share) per barrel
from cellar temperature, humidity, barrel age and fill level; hooks registered on the service
feed the cellar master's report."""
import collections

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class EvaporationNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.l2(self.drop(nnx.tanh(self.l1(x))))).squeeze(-1)


class ActivationProbe:
    def __init__(self):
        self.records = []

    def __call__(self, name, output):
        self.records.append(output)

    def report(self):
        return jnp.stack(self.records).mean(axis=0)


class BarrelService:
    def __init__(self, model):
        self.model = model
        self.hooks = collections.defaultdict(list)

    def register(self, event, fn):
        self.hooks[event].append(fn)

    def _emit(self, event, *args):
        for fn in self.hooks[event]:
            fn(*args)

    def nightly_run(self, readings):
        self.model.eval()

        def body(total, x):
            share = self.model(x)
            return total + jnp.sum(share), share

        total, per_night = scan(body, jnp.float32(0.0), readings)
        for night in per_night:
            self._emit("post_forward", "evaporation", night)
        return total


def main():
    service = BarrelService(EvaporationNet(4, 16, rngs=nnx.Rngs(0)))
    probe = ActivationProbe()
    service.register("post_forward", probe)
    readings = jax.random.normal(jax.random.key(3), (7, 12, 4))
    total = service.nightly_run(readings)
    per_barrel = probe.report()
    jax.block_until_ready((total, per_barrel))
    return None
