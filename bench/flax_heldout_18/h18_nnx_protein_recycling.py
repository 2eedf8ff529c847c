# label: ok
# flax-error: none
# class: 4 the trunk is split before the fori_loop recycling; the body merges it, runs train-mode BatchNorm layers, splits it again and carries the state, and the trainer updates the model after the loop
"""Protein structure trunk in NNX with recycling, written in the functional split/merge style."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrunkConfig:
    node_dim: int = 16
    edge_dim: int = 4
    num_layers: int = 2
    num_recycle: int = 3


class PairBiasedLayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.bias = nnx.Linear(cfg.edge_dim, 1, use_bias=False, rngs=rngs)
        self.value = nnx.Linear(cfg.node_dim, cfg.node_dim, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.node_dim, momentum=0.9, rngs=rngs)

    def __call__(self, nodes, edges):
        attn = jax.nn.softmax(self.bias(edges)[..., 0], axis=-1)
        msg = self.value(jnp.einsum("bij,bjd->bid", attn, nodes))
        return nodes + nnx.gelu(self.norm(msg))


class RecyclingTrunk(nnx.Module):
    def __init__(self, cfg, rngs):
        self.recycle_norm = nnx.LayerNorm(cfg.node_dim, rngs=rngs)
        self.layers = nnx.List([PairBiasedLayer(cfg, rngs) for _ in range(cfg.num_layers)])

    def __call__(self, nodes, edges, prev):
        h = nodes + self.recycle_norm(prev)
        for layer in self.layers:
            h = layer(h, edges)
        return h


def recycle(trunk, nodes, edges, num_recycle):
    graphdef, state = nnx.split(trunk)

    def body(i, carry):
        state, prev = carry
        module = nnx.merge(graphdef, state)
        prev = jax.lax.stop_gradient(module(nodes, edges, prev))
        return nnx.state(module), prev

    state, prev = jax.lax.fori_loop(0, num_recycle, body, (state, jnp.zeros_like(nodes)))
    nnx.update(trunk, state)
    return prev


class StructureTrainer:
    def __init__(self, cfg, seed=0):
        rngs = nnx.Rngs(seed)
        self.cfg = cfg
        self.embed = nnx.Linear(20, cfg.node_dim, rngs=rngs)
        self.trunk = RecyclingTrunk(cfg, rngs)
        self.coords = nnx.Linear(cfg.node_dim, 3, rngs=rngs)

    def predict(self, residues, edges):
        nodes = self.embed(residues)
        prev = recycle(self.trunk, nodes, edges, self.cfg.num_recycle)
        return self.coords(self.trunk(nodes, edges, prev))


def main():
    cfg = TrunkConfig()
    trainer = StructureTrainer(cfg)
    k1, k2 = jax.random.split(jax.random.key(0))
    residues = jax.random.normal(k1, (2, 10, 20))
    edges = jax.random.normal(k2, (2, 10, 10, cfg.edge_dim))
    coords = trainer.predict(residues, edges)
    mean = trainer.trunk.layers[0].norm.mean[...]
    (coords.sum() + mean.sum()).block_until_ready()
    return None
