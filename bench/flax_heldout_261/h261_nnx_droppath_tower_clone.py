# label: same-values
# flax-error: none
# class: 4 the while_loop body clones self.tower.droppath, an NNX DropPath with its own Rngs reached through the runner's tower, and draws from the clone
import jax
import jax.numpy as jnp
from flax import nnx


class DropPath(nnx.Module):
    def __init__(self, rate: float, *, rngs: nnx.Rngs):
        self.rate = rate
        self.rngs = rngs

    def __call__(self, branch):
        keep_prob = 1.0 - self.rate
        keep = jax.random.bernoulli(self.rngs.droppath(), keep_prob, (branch.shape[0], 1))
        return jnp.where(keep, branch / keep_prob, 0.0), keep[:, 0].astype(jnp.float32)


class Block(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(width, rngs=rngs)
        self.fc = nnx.Linear(width, width, rngs=rngs)

    def __call__(self, h):
        return nnx.gelu(self.fc(self.norm(h)))


class SharedTower(nnx.Module):
    def __init__(self, width: int, depth: int, drop_rate: float, *, rngs: nnx.Rngs):
        self.block = Block(width, rngs=rngs)
        self.droppath = DropPath(drop_rate, rngs=rngs)
        self.depth = depth


class TowerRunner:
    def __init__(self, tower: SharedTower):
        self.tower = tower

    @property
    def depth(self):
        return self.tower.depth

    def forward(self, x):
        kept = jnp.zeros((self.depth, x.shape[0]))

        def cond(c):
            return c[0] < self.depth

        def body(c):
            i, h, kept = c
            droppath = nnx.clone(self.tower.droppath)
            out, keep = droppath(self.tower.block(h))
            return i + 1, h + out, kept.at[i].set(keep)

        _, h, kept = jax.lax.while_loop(cond, body, (0, x, kept))
        return h, kept


def main():
    tower = SharedTower(8, 5, 0.5, rngs=nnx.Rngs(params=0, droppath=1))
    x = jax.random.normal(jax.random.key(2), (8, 8))
    h, kept = TowerRunner(tower).forward(x)
    jax.block_until_ready(h)
    return kept
