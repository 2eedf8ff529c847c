# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the jitted train_step's nnx.value_and_grad runs the model, whose while_loop body reaches the BatchNorm of PairTrunk (train mode) through _one_cycle()
"""Residue-level distance prediction with recycling (AlphaFold-style, much reduced):
the trunk is applied repeatedly, each cycle conditioned on the previous output."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FoldConfig:
    aa_feats: int = 21
    dim: int = 32
    n_bins: int = 8
    n_cycles: int = 3


class PairTrunk(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)
        self.outp = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + self.outp(nnx.gelu(self.bn(self.inp(x))))


class RecyclingModel(nnx.Module):
    def __init__(self, cfg: FoldConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Linear(cfg.aa_feats, cfg.dim, rngs=rngs)
        self.recycle_norm = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.trunk = PairTrunk(cfg.dim, rngs)
        self.dist_head = nnx.Linear(cfg.dim, cfg.n_bins, rngs=rngs)

    def _one_cycle(self, single, prev):
        return self.trunk(single + self.recycle_norm(prev))

    def __call__(self, seq_feats):
        single = self.embed(seq_feats)

        def cond(carry):
            return carry[0] < self.cfg.n_cycles

        def body(carry):
            i, prev = carry
            return i + 1, self._one_cycle(single, prev)

        _, rep = jax.lax.while_loop(cond, body, (0, jnp.zeros_like(single)))
        pair = rep[:, :, None, :] * rep[:, None, :, :]
        return self.dist_head(pair)


@nnx.jit
def train_step(model, optimizer, seq_feats, dist_bins):
    def loss_fn(m):
        logits = m(seq_feats)
        return optax.softmax_cross_entropy_with_integer_labels(logits, dist_bins).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    cfg = FoldConfig()
    model = RecyclingModel(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    seq = jax.nn.one_hot(jax.random.randint(jax.random.key(1), (2, 6), 0, cfg.aa_feats), cfg.aa_feats)
    coords = jax.random.normal(jax.random.key(2), (2, 6, 3))
    dist = jnp.linalg.norm(coords[:, :, None] - coords[:, None, :], axis=-1)
    bins = jnp.clip((dist / 0.5).astype(jnp.int32), 0, cfg.n_bins - 1)
    model.train()
    train_step(model, optimizer, seq, bins)
    return None
