# label: ok
# flax-error: none
# class: 4 each ensemble member's batch_stats are carried through the raw jax.lax.scan over requests; the router calls member.apply(mutable=["batch_stats"]) per step
"""Multi-model ensemble behind a router: each request is sent to the member its key hashes to."""
import jax
import jax.numpy as jnp
from flax import linen as nn

MEMBER_REGISTRY = {}


def register(name):
    def wrap(cls):
        MEMBER_REGISTRY[name] = cls
        return cls
    return wrap


@register("mlp")
class MLPMember(nn.Module):
    width: int = 8
    training: bool = True

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not self.training)(x)
        return nn.Dense(2)(nn.gelu(x))


class EnsembleRouter:
    def __init__(self, names, sample):
        self.modules, self.params, self.stats = [], [], []
        for i, name in enumerate(names):
            module = MEMBER_REGISTRY[name]()
            variables = module.init(jax.random.key(i), sample)
            self.modules.append(module)
            self.params.append(variables["params"])
            self.stats.append(variables["batch_stats"])

    def route(self, key):
        return key % len(self.modules)

    def serve(self, requests, keys):
        def handle(stats, req):
            x, key = req
            outs, new_stats = [], []
            for module, params, s in zip(self.modules, self.params, stats):
                y, upd = module.apply({"params": params, "batch_stats": s}, x[None], mutable=["batch_stats"])
                outs.append(y[0])
                new_stats.append(upd["batch_stats"])
            return new_stats, jnp.stack(outs)[self.route(key)]

        self.stats, answers = jax.lax.scan(handle, self.stats, (requests, keys))
        return answers


def main():
    sample = jnp.ones((4, 3))
    router = EnsembleRouter(["mlp", "mlp", "mlp"], sample)
    requests = jax.random.normal(jax.random.key(7), (5, 3))
    router.serve(requests, jnp.arange(5))
    return None
