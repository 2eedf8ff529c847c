# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 3 NamedTuple episode statistics: ._replace(length=...) with the mean reward (float) in the int32 field
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class EpisodeStats(NamedTuple):
    total_reward: jnp.ndarray
    length: jnp.ndarray


def main():
    rewards = jnp.array([1.0, 0.5, 0.0, 2.0])

    def track(stats, r):
        total = stats.total_reward + r
        stats = stats._replace(total_reward=total, length=total / (stats.length + 1))
        return stats, total

    stats, _ = lax.scan(track, EpisodeStats(jnp.float32(0.0), jnp.int32(0)), rewards)
    return stats
