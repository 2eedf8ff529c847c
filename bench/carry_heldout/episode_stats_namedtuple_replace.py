# label: ok
# jax-error: none
# class: 3 NamedTuple episode statistics updated with ._replace keeping each field's dtype
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class EpisodeStats(NamedTuple):
    total_reward: jnp.ndarray
    length: jnp.ndarray


def main():
    rewards = jnp.array([1.0, 0.5, 0.0, 2.0])

    def track(stats, r):
        stats = stats._replace(total_reward=stats.total_reward + r, length=stats.length + 1)
        return stats, stats.total_reward / stats.length

    stats, _ = lax.scan(track, EpisodeStats(jnp.float32(0.0), jnp.int32(0)), rewards)
    return stats
