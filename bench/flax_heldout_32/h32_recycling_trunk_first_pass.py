# label: ok
# flax-error: none
# class: 3 the fori_loop body calls self.iteration, but the first recycling pass runs before the loop so every submodule exists before it
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

N_RES, C = 5, 8


class RecycleEmbedder(nn.Module):
    @nn.compact
    def __call__(self, prev_single, prev_pos):
        d = jnp.linalg.norm(prev_pos[:, None] - prev_pos[None, :], axis=-1)
        return nn.LayerNorm()(prev_single) + nn.Dense(C)(d.mean(-1, keepdims=True))


class Trunk(nn.Module):
    @nn.compact
    def __call__(self, single):
        h = nn.Dense(C)(nn.relu(nn.Dense(2 * C)(single)))
        return single + h, nn.Dense(3)(single + h)


class Folding(nn.Module):
    num_recycle: int = 3

    def setup(self):
        self.embed = nn.Dense(C)
        self.recycle = RecycleEmbedder()
        self.trunk = Trunk()

    def iteration(self, feat, prev):
        single = self.embed(feat) + self.recycle(prev["single"], prev["pos"])
        single, pos = self.trunk(single)
        return {"single": jax.lax.stop_gradient(single), "pos": jax.lax.stop_gradient(pos)}

    def __call__(self, feat):
        prev = {"single": jnp.zeros((N_RES, C)), "pos": jnp.zeros((N_RES, 3))}
        prev = self.iteration(feat, prev)
        prev = fori_loop(1, self.num_recycle, lambda i, p: self.iteration(feat, p), prev)
        return prev["pos"]


def main():
    model = Folding()
    feat = jax.random.normal(jax.random.key(1), (N_RES, 4))
    params = model.init(jax.random.key(0), feat)["params"]
    pos = jax.jit(model.apply)({"params": params}, feat)
    assert pos.shape == (N_RES, 3)
    return None
