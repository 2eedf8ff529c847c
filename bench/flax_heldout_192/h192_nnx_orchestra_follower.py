# label: same-values
# flax-error: none
# class: 4 Conductor.follow scans over Monte-Carlo draws; the body calls self.pool.fresh(), which nnx.merge()s a copy of the pool's closed-over state each step
"""Orchestra score following: MC-dropout tempo estimates for the current bar from a pool of followers."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TempoFollower(nnx.Module):
    def __init__(self, n_chroma: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_chroma, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.tempo = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, chroma):
        return 90.0 + 30.0 * jnp.tanh(self.tempo(self.drop(nnx.relu(self.enc(chroma)))))[..., 0]


class FollowerPool:
    def __init__(self, follower: TempoFollower):
        follower.train()
        self.graphdef, self.state = nnx.split(follower)

    def fresh(self):
        return nnx.merge(self.graphdef, self.state, copy=True)


class Conductor:
    def __init__(self, pool: FollowerPool, n_draws: int):
        self.pool, self.n_draws = pool, n_draws

    def follow(self, bar):
        def draw(carry, _):
            tempo = self.pool.fresh()(bar)
            return carry, tempo
        _, tempos = scan(draw, None, None, length=self.n_draws)
        return tempos


def main():
    pool = FollowerPool(TempoFollower(12, nnx.Rngs(params=0, dropout=1)))
    bar = jax.random.uniform(jax.random.key(2), (2, 12))
    return Conductor(pool, n_draws=6).follow(bar)
