# label: same-values
# flax-error: none
# class: 1 RelocationPolicy.sample_moves runs the scan itself; it draws one key from its own self.rngs.perturb stream before the loop and the body reuses that key for every sampled move
"""EMS dispatch: sample ambulance relocation moves with Gumbel-perturbed station scores.

Sampling several candidate moves lets the dispatcher pick among coverage-equivalent
relocations instead of always sending the same unit.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class RelocationPolicy(nnx.Module):
    def __init__(self, features: int, stations: int, rngs: nnx.Rngs):
        self.coverage = nnx.Linear(features, 32, rngs=rngs)
        self.station_scores = nnx.Linear(32, stations, rngs=rngs)
        self.rngs = rngs
        self.temperature = 0.7

    def scores(self, demand):
        return self.station_scores(nnx.relu(self.coverage(demand)))

    def sample_moves(self, demand, candidates: int = 6):
        base = self.scores(demand)
        key = self.rngs.perturb()

        def draw(_, __):
            gumbel = jax.random.gumbel(key, base.shape)
            return None, jax.nn.softmax((base + gumbel) / self.temperature, axis=-1)

        _, moves = jax.lax.scan(draw, None, None, length=candidates)
        return moves


def main():
    demand = jax.random.uniform(jax.random.key(0), (4, 11))  # 4 idle units x 11 zone-demand features
    policy = RelocationPolicy(11, stations=8, rngs=nnx.Rngs(params=0, perturb=1))
    moves = policy.sample_moves(demand)
    return moves
