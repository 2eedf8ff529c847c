# label: same-values
# flax-error: none
# class: 2 the scan body of predict_with_uncertainty() calls self(graph, deterministic=False), whose message-passing layers apply Dropout with the 'dropout' rng
"""Molecular property prediction with Monte Carlo dropout for uncertainty estimates."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class MolConfig:
    atom_types: int = 10
    hidden: int = 16
    num_layers: int = 3
    dropout: float = 0.2
    mc_samples: int = 5


class MessageLayer(nn.Module):
    cfg: MolConfig

    @nn.compact
    def __call__(self, h, adjacency, deterministic: bool):
        deg = jnp.maximum(adjacency.sum(-1, keepdims=True), 1.0)
        m = (adjacency @ nn.Dense(self.cfg.hidden)(h)) / deg
        m = nn.Dropout(self.cfg.dropout)(nn.relu(m), deterministic=deterministic)
        return nn.LayerNorm()(h + m)


class PropertyGNN(nn.Module):
    cfg: MolConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.atom_types, self.cfg.hidden)
        self.layers = [MessageLayer(self.cfg) for _ in range(self.cfg.num_layers)]
        self.readout = nn.Dense(1)

    def __call__(self, graph, deterministic: bool = True):
        atoms, adjacency, mask = graph
        h = self.embed(atoms)
        for layer in self.layers:
            h = layer(h, adjacency, deterministic)
        pooled = (h * mask[..., None]).sum(-2) / mask.sum(-1, keepdims=True)
        return self.readout(pooled)[..., 0]

    def predict_with_uncertainty(self, graph):
        def one_pass(carry, _):
            return carry, self(graph, deterministic=False)

        _, preds = jax.lax.scan(one_pass, None, None, length=self.cfg.mc_samples)
        return preds


def random_molecules(key, batch, atoms, cfg):
    k1, k2 = jax.random.split(key)
    types = jax.random.randint(k1, (batch, atoms), 0, cfg.atom_types)
    bonds = (jax.random.uniform(k2, (batch, atoms, atoms)) < 0.3).astype(jnp.float32)
    adjacency = jnp.maximum(bonds, jnp.swapaxes(bonds, -1, -2)) * (1 - jnp.eye(atoms))
    return types, adjacency, jnp.ones((batch, atoms))


def main():
    cfg = MolConfig()
    model = PropertyGNN(cfg)
    graph = random_molecules(jax.random.key(0), 3, 7, cfg)
    variables = model.init(jax.random.key(1), graph)
    preds = model.apply(variables, graph, method=PropertyGNN.predict_with_uncertainty,
                        rngs={"dropout": jax.random.key(2)})
    return preds
