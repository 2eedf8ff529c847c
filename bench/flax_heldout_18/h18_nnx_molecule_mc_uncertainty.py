# label: ok
# flax-error: none
# class: 4 Monte Carlo passes run through the lifted nnx.scan with the model as Carry, so the train-mode Dropout's RngCount advances between passes; the predictor builds the scanned function in a helper
"""Molecular property GNN in NNX with Monte Carlo dropout passes for predictive uncertainty."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MolConfig:
    atom_types: int = 10
    hidden: int = 16
    num_layers: int = 2
    dropout: float = 0.2
    mc_samples: int = 5


class MessageLayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.msg = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.norm = nnx.LayerNorm(cfg.hidden, rngs=rngs)

    def __call__(self, h, adjacency):
        deg = jnp.maximum(adjacency.sum(-1, keepdims=True), 1.0)
        m = self.drop(nnx.relu(adjacency @ self.msg(h) / deg))
        return self.norm(h + m)


class PropertyGNN(nnx.Module):
    def __init__(self, cfg, rngs):
        self.embed = nnx.Embed(cfg.atom_types, cfg.hidden, rngs=rngs)
        self.layers = nnx.List([MessageLayer(cfg, rngs) for _ in range(cfg.num_layers)])
        self.readout = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, graph):
        atoms, adjacency = graph
        h = self.embed(atoms)
        for layer in self.layers:
            h = layer(h, adjacency)
        return self.readout(h.mean(-2))[..., 0]


class UncertaintyPredictor:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg

    def _mc_fn(self):
        @nnx.scan(in_axes=(nnx.Carry, None), out_axes=(nnx.Carry, 0), length=self.cfg.mc_samples)
        def one_pass(model, graph):
            return model, model(graph)
        return one_pass

    def predict(self, graph):
        self.model.train()
        _, preds = self._mc_fn()(self.model, graph)
        return preds


def random_molecules(key, batch, atoms, cfg):
    k1, k2 = jax.random.split(key)
    types = jax.random.randint(k1, (batch, atoms), 0, cfg.atom_types)
    bonds = (jax.random.uniform(k2, (batch, atoms, atoms)) < 0.3).astype(jnp.float32)
    return types, jnp.maximum(bonds, jnp.swapaxes(bonds, -1, -2)) * (1 - jnp.eye(atoms))


def main():
    cfg = MolConfig()
    model = PropertyGNN(cfg, nnx.Rngs(params=0, dropout=1))
    preds = UncertaintyPredictor(model, cfg).predict(random_molecules(jax.random.key(2), 3, 7, cfg))
    return preds
