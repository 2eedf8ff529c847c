# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 ensemble members bound read-only with model.bind(variables) behind a router; their train-mode BatchNorm runs inside a raw jax.lax.scan over requests
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
        self.members = []
        for i, name in enumerate(names):
            module = MEMBER_REGISTRY[name]()
            variables = module.init(jax.random.key(i), sample)
            self.members.append(module.bind(variables))

    def route(self, key):
        return key % len(self.members)

    def serve(self, requests, keys):
        def handle(total, req):
            x, key = req
            outs = jnp.stack([m(x[None])[0] for m in self.members])
            choice = self.route(key)
            return total + 1, outs[choice]

        _, answers = jax.lax.scan(handle, 0, (requests, keys))
        return answers


def main():
    sample = jnp.ones((4, 3))
    router = EnsembleRouter(["mlp", "mlp", "mlp"], sample)
    requests = jax.random.normal(jax.random.key(7), (5, 3))
    router.serve(requests, jnp.arange(5))
    return None
