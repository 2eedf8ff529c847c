# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 EnsembleNowcaster keeps its members in self.members, an nnx.List; the scan body walks zip(self.members, self.weights) and each member's BatchNorm updates its running stats
"""Temperature nowcasting: a weighted ensemble of small members, each normalizing its own inputs."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Member(nnx.Module):
    def __init__(self, stations, *, rngs):
        self.norm = nnx.BatchNorm(stations, momentum=0.9, rngs=rngs)
        self.step = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, field):
        return field + 0.1 * jnp.tanh(self.step(self.norm(field)))


class EnsembleNowcaster:
    def __init__(self, stations, num_members, seed=0):
        self.members = nnx.List([Member(stations, rngs=nnx.Rngs(seed + i)) for i in range(num_members)])
        self.weights = [1.0 / num_members] * num_members

    def forecast(self, field, leads):
        def body(current, _):
            blended = jnp.zeros_like(current)
            for member, weight in zip(self.members, self.weights):
                blended = blended + weight * member(current)
            return blended, blended.mean(axis=-1)

        _, station_means = lax.scan(body, field, None, length=leads)
        return station_means


def main():
    nowcaster = EnsembleNowcaster(stations=5, num_members=3)
    field = jax.random.normal(jax.random.key(0), (4, 5))
    nowcaster.forecast(field, leads=6).block_until_ready()
    return None
