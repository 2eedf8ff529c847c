# label: ok
# flax-error: none
# class: 4 Conductor.follow scans over Monte-Carlo draws with the pool's state in the carry; self.pool.session merges it each step and returns nnx.state for the next
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

    def session(self, state):
        return nnx.merge(self.graphdef, state)


class Conductor:
    def __init__(self, pool: FollowerPool, n_draws: int):
        self.pool, self.n_draws = pool, n_draws

    def follow(self, bar):
        def draw(state, _):
            follower = self.pool.session(state)
            tempo = follower(bar)
            return nnx.state(follower), tempo
        self.pool.state, tempos = scan(draw, self.pool.state, None, length=self.n_draws)
        return tempos


def main():
    pool = FollowerPool(TempoFollower(12, nnx.Rngs(params=0, dropout=1)))
    bar = jax.random.uniform(jax.random.key(2), (2, 12))
    return Conductor(pool, n_draws=6).follow(bar)
