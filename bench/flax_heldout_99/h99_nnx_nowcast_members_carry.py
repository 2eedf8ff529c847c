# label: ok
# flax-error: none
# class: 3 EnsembleNowcaster keeps its members in self.members, an nnx.List; forecast splits it, the scan carries the state, the body merges and walks zip(members, self.weights), and nnx.update writes the state back
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
        graphdef, state = nnx.split(self.members)

        def body(carry, _):
            current, member_state = carry
            members = nnx.merge(graphdef, member_state)
            blended = jnp.zeros_like(current)
            for member, weight in zip(members, self.weights):
                blended = blended + weight * member(current)
            return (blended, nnx.state(members)), blended.mean(axis=-1)

        (_, state), station_means = lax.scan(body, (field, state), None, length=leads)
        nnx.update(self.members, state)
        return station_means


def main():
    nowcaster = EnsembleNowcaster(stations=5, num_members=3)
    field = jax.random.normal(jax.random.key(0), (4, 5))
    nowcaster.forecast(field, leads=6).block_until_ready()
    nowcaster.members[0].norm.mean[...].block_until_ready()
    return None
