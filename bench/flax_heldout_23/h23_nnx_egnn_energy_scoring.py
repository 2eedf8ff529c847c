# label: ok
# flax-error: none
# class: 1 scan body over message rounds calls the model's nnx.BatchNorm directly, after model.eval() switched it to running averages
"""E(n)-equivariant graph network (EGNN) for molecular energy regression.

Messages depend on node features and squared inter-atomic distances only, so
the predicted energy is invariant to rotations and translations of the input
coordinates. Layers are weight-tied across message rounds. This script scores
a batch of conformers.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class EGNNConfig:
    n_species: int = 5
    dim: int = 16
    rounds: int = 3


class EGNN(nnx.Module):
    def __init__(self, cfg: EGNNConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.n_species, cfg.dim, rngs=rngs)
        self.edge = nnx.Linear(2 * cfg.dim + 1, cfg.dim, rngs=rngs)
        self.coord = nnx.Linear(cfg.dim, 1, rngs=rngs)
        self.node = nnx.Linear(2 * cfg.dim, cfg.dim, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.dim, momentum=0.9, rngs=rngs)
        self.readout = nnx.Linear(cfg.dim, 1, rngs=rngs)

    def message(self, h, x):
        diff = x[:, None] - x[None]
        d2 = jnp.sum(diff**2, -1, keepdims=True)
        n = h.shape[0]
        pair = jnp.concatenate([jnp.repeat(h[:, None], n, 1), jnp.repeat(h[None], n, 0), d2], -1)
        m = nnx.silu(self.edge(pair)) * (1 - jnp.eye(n))[..., None]
        x = x + jnp.mean(diff * self.coord(m), 1)
        return m.sum(1), x

    def __call__(self, species, x):
        h = self.embed(species)

        def body(carry, _):
            h, x = carry
            agg, x = self.message(h, x)
            h = h + self.norm(nnx.silu(self.node(jnp.concatenate([h, agg], -1))))
            return (h, x), None

        (h, x), _ = scan(body, (h, x), None, length=self.cfg.rounds)
        return self.readout(h).sum()


def energy_loss(model, batch):
    species, coords, energies = batch
    pred = jnp.stack([model(s, c) for s, c in zip(species, coords)])
    return jnp.mean((pred - energies) ** 2)


def main():
    cfg = EGNNConfig()
    model = EGNN(cfg, nnx.Rngs(0))
    model.eval()
    k1, k2 = jax.random.split(jax.random.key(1))
    species = jax.random.randint(k1, (2, 6), 0, cfg.n_species)
    coords = jax.random.normal(k2, (2, 6, 3))
    loss = energy_loss(model, (species, coords, jnp.zeros(2)))
    float(loss)
    return None
