# label: ok
# flax-error: none
# class: 3 the edge and node MLPs are setup() submodules first called in the unrolled first round; the fori_loop body reaches them through _round() -> _aggregate()
"""Molecular property regression with a weight-shared message-passing network.

Atoms are nodes and bonds are (directed) edges. The first message-passing round is
written out before the loop; the remaining rounds reuse the same update.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class MolConfig:
    atom_types: int = 6
    hidden: int = 16
    rounds: int = 4


class MLP(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.features)(nn.silu(nn.Dense(self.features)(x)))


class MoleculeGNN(nn.Module):
    cfg: MolConfig

    def setup(self):
        self.atom_embed = nn.Embed(self.cfg.atom_types, self.cfg.hidden)
        self.edge_mlp = MLP(self.cfg.hidden)
        self.node_mlp = MLP(self.cfg.hidden)
        self.readout = nn.Dense(1)

    def _aggregate(self, h, bonds):
        src, dst = bonds
        msg = self.edge_mlp(jnp.concatenate([h[src], h[dst]], axis=-1))
        return jax.ops.segment_sum(msg, dst, num_segments=h.shape[0])

    def _round(self, h, bonds):
        return h + self.node_mlp(jnp.concatenate([h, self._aggregate(h, bonds)], axis=-1))

    def __call__(self, atoms, bonds):
        h = self._round(self.atom_embed(atoms), bonds)
        h = jax.lax.fori_loop(1, self.cfg.rounds, lambda _, h: self._round(h, bonds), h)
        return self.readout(h.sum(axis=0)).squeeze(-1)


def fit(model, params, molecules, targets, steps=3):
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(p):
        preds = jnp.stack([model.apply({"params": p}, a, b) for a, b in molecules])
        return jnp.mean((preds - targets) ** 2)

    for _ in range(steps):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
    return params, loss


def main():
    cfg = MolConfig()
    model = MoleculeGNN(cfg)
    water = (jnp.array([2, 0, 0]), (jnp.array([0, 1, 0, 2]), jnp.array([1, 0, 2, 0])))
    methane = (jnp.array([1, 0, 0, 0, 0]), (jnp.array([0, 0, 0, 0, 1, 2, 3, 4]), jnp.array([1, 2, 3, 4, 0, 0, 0, 0])))
    params = model.init(jax.random.key(0), *water)["params"]
    fit(model, params, [water, methane], jnp.array([-0.4, 0.2]))
    return None
