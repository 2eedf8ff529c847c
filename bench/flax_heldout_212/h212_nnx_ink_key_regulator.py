# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an InkKeyRegulator keeps the network (BatchNorm, Dropout) as self.net, left in training mode; the fori_loop body calls self.net on each zone
"""Printing press ink control: the regulator proposes ink-key openings for every zone of the
plate cylinder from the last sheets' spectral densities."""
import jax
import jax.numpy as jnp
from flax import nnx


class InkKeyNet(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(channels, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(12, channels, rngs=rngs)

    def __call__(self, densities):
        h = self.drop(nnx.relu(self.norm(self.inp(densities))))
        return jnp.tanh(self.out(h))


class InkKeyRegulator:
    def __init__(self, net: InkKeyNet, max_step: float = 0.1):
        self.net = net
        self.max_step = max_step

    def openings(self, zone_densities):
        zones, _, channels = zone_densities.shape

        def zone(i, plan):
            delta = self.net(zone_densities[i]).mean(0)
            return plan.at[i].set(self.max_step * delta)

        return jax.lax.fori_loop(0, zones, zone, jnp.zeros((zones, channels)))


def main():
    densities = jax.random.uniform(jax.random.key(0), (7, 3, 4), minval=1.0, maxval=1.7)
    regulator = InkKeyRegulator(InkKeyNet(4, nnx.Rngs(0, dropout=1)))
    regulator.openings(densities)
    return None
