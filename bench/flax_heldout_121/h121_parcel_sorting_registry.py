# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_eta" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 heads registered with @register_head get SortingService.model and .variables inside the scan body; the 'eta' head applies ParcelNet.eta, which writes the 'cache' collection, without mutable=
"""Parcel sorting hub: a shared trunk scores each conveyor batch; heads for arrival time
(ETA) and destination bin are looked up in a decorator registry by the sorting service."""
import jax
import jax.numpy as jnp
from flax import linen as nn

HEADS = {}


def register_head(name):
    def decorator(fn):
        HEADS[name] = fn
        return fn
    return decorator


class ParcelNet(nn.Module):
    n_bins: int = 4
    batch: int = 10

    def setup(self):
        self.trunk = nn.Dense(16)
        self.eta_out = nn.Dense(1)
        self.bin_out = nn.Dense(self.n_bins)
        self.last_eta = self.variable("cache", "last_eta", jnp.zeros, (self.batch,))

    def eta(self, x):
        eta = nn.softplus(self.eta_out(nn.relu(self.trunk(x)))).squeeze(-1)
        self.last_eta.value = eta
        return eta

    def bins(self, x):
        return self.bin_out(nn.relu(self.trunk(x)))

    def warmup(self, x):
        return self.eta(x), self.bins(x)


@register_head("eta")
def eta_head(model, variables, x):
    return model.apply(variables, x, method=ParcelNet.eta)


@register_head("bins")
def bin_head(model, variables, x):
    return jnp.argmax(model.apply(variables, x, method=ParcelNet.bins), axis=-1)


class SortingService:
    def __init__(self, heads=("eta", "bins"), batch=10, n_features=7, seed=0):
        self.model = ParcelNet(batch=batch)
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((batch, n_features)),
                                         method=ParcelNet.warmup)
        self.heads = heads

    def sort_shift(self, batches):
        def body(carry, x):
            outputs = {name: HEADS[name](self.model, self.variables, x) for name in self.heads}
            return carry + jnp.sum(outputs["eta"]), outputs["bins"]

        return jax.lax.scan(body, jnp.float32(0.0), batches)


def main():
    service = SortingService()
    batches = jax.random.normal(jax.random.key(2), (5, 10, 7))
    total_eta, bins = service.sort_shift(batches)
    jax.block_until_ready((total_eta, bins))
    return None
