# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 route_parcels binds the sorter (sorter = model.bind(variables)) and the local goes straight into the fori_loop body
"""Parcel sortation: assigning parcels to chutes on a cross-belt sorter.

The chute classifier normalises the dimension/weight features with BatchNorm. The
routing job binds the trained classifier once and assigns a conveyor batch of
parcels, counting how many go to the overflow chute.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

OVERFLOW = 0


class ChuteClassifier(nn.Module):
    n_chutes: int = 8

    @nn.compact
    def __call__(self, parcel, train: bool = True):
        h = nn.Dense(16)(parcel[None])
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.n_chutes)(nn.relu(h))[0]


def route_parcels(model, variables, parcels):
    sorter = model.bind(variables)
    n = parcels.shape[0]

    def assign(i, state):
        chutes, overflow = state
        chute = jnp.argmax(sorter(parcels[i]))
        return chutes.at[i].set(chute), overflow + (chute == OVERFLOW)

    return jax.lax.fori_loop(0, n, assign, (jnp.zeros((n,), jnp.int32), jnp.zeros((), jnp.int32)))


def main():
    model = ChuteClassifier()
    parcels = jax.random.uniform(jax.random.PRNGKey(1), (16, 4))
    variables = model.init(jax.random.PRNGKey(0), parcels[0], train=False)
    chutes, overflow = route_parcels(model, variables, parcels)
    jax.block_until_ready(chutes)
    return None
