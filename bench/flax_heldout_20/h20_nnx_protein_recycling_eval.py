# label: ok
# flax-error: none
# class: 4 the jitted predict() runs the model after model.eval(); the while_loop body reaches the BatchNorm of PairTrunk through _one_cycle() and only reads its statistics
"""Residue-level distance prediction with recycling (AlphaFold-style, much reduced),
used for inference: the number of recycling iterations is chosen at call time."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FoldConfig:
    aa_feats: int = 21
    dim: int = 32
    n_bins: int = 8
    bin_width: float = 0.5


class PairTrunk(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)
        self.outp = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + self.outp(nnx.gelu(self.bn(self.inp(x))))


class RecyclingModel(nnx.Module):
    def __init__(self, cfg: FoldConfig, rngs: nnx.Rngs):
        self.embed = nnx.Linear(cfg.aa_feats, cfg.dim, rngs=rngs)
        self.recycle_norm = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.trunk = PairTrunk(cfg.dim, rngs)
        self.dist_head = nnx.Linear(cfg.dim, cfg.n_bins, rngs=rngs)

    def _one_cycle(self, single, prev):
        return self.trunk(single + self.recycle_norm(prev))

    def __call__(self, seq_feats, n_cycles):
        single = self.embed(seq_feats)

        def cond(carry):
            return carry[0] < n_cycles

        def body(carry):
            i, prev = carry
            return i + 1, self._one_cycle(single, prev)

        _, rep = jax.lax.while_loop(cond, body, (0, jnp.zeros_like(single)))
        pair = rep[:, :, None, :] * rep[:, None, :, :]
        return self.dist_head(pair)


@nnx.jit
def predict(model, seq_feats, n_cycles):
    return jnp.argmax(model(seq_feats, n_cycles), axis=-1)


def expected_distance(bins, cfg):
    return (bins.astype(jnp.float32) + 0.5) * cfg.bin_width


def main():
    cfg = FoldConfig()
    model = RecyclingModel(cfg, nnx.Rngs(0))
    seq = jax.nn.one_hot(jax.random.randint(jax.random.key(1), (2, 6), 0, cfg.aa_feats), cfg.aa_feats)
    model.eval()
    for n_cycles in (1, 3):
        dist = expected_distance(predict(model, seq, n_cycles), cfg)
    return None
