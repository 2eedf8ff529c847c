# label: ok
# flax-error: none
# class: 3 a runner's bound-method fori_loop body calls apply(method=message_round, mutable=['stats']) and carries the stats collection in the loop carry
"""Message passing over a small molecular graph (atoms as nodes, bonds as edges).

The network embeds atom types, runs several rounds of edge-conditioned message passing
and reads out a molecular energy. Edge message norms are tracked for monitoring.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GraphConfig:
    atom_types: int = 5
    width: int = 8
    rounds: int = 3


class EdgeMessage(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h_src, bond):
        msg = nn.silu(nn.Dense(self.width)(jnp.concatenate([h_src, bond], axis=-1)))
        norm = self.variable("stats", "edge_norm", jnp.zeros, ())
        norm.value = 0.9 * norm.value + 0.1 * jnp.mean(jnp.linalg.norm(msg, axis=-1))
        return msg


class MolNet(nn.Module):
    cfg: GraphConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.atom_types, self.cfg.width)
        self.edge = EdgeMessage(self.cfg.width)
        self.update = nn.GRUCell(self.cfg.width)
        self.energy = nn.Dense(1)

    def embed_atoms(self, atoms):
        return self.embed(atoms)

    def message_round(self, h, graph):
        senders, receivers, bonds = graph
        msgs = self.edge(h[senders], bonds)
        agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
        h, _ = self.update(h, agg)
        return h

    def readout(self, h):
        return self.energy(h.sum(0))[0]

    def __call__(self, atoms, graph):
        return self.readout(self.message_round(self.embed_atoms(atoms), graph))


class MoleculeRunner:
    def __init__(self, model, variables, graph):
        self.model, self.variables, self.graph = model, variables, graph

    def _round(self, i, carry):
        h, stats = carry
        h, updated = self.model.apply(
            {"params": self.variables["params"], "stats": stats}, h, self.graph,
            method=MolNet.message_round, mutable=["stats"])
        return h, updated["stats"]

    def energy(self, atoms):
        h = self.model.apply(self.variables, atoms, method=MolNet.embed_atoms)
        carry = (h, self.variables["stats"])
        h, stats = jax.lax.fori_loop(0, self.model.cfg.rounds, self._round, carry)
        self.variables = {"params": self.variables["params"], "stats": stats}
        return self.model.apply(self.variables, h, method=MolNet.readout)


def main():
    cfg = GraphConfig()
    atoms = jnp.array([0, 1, 1, 2, 4])
    senders = jnp.array([0, 1, 1, 2, 3, 0])
    receivers = jnp.array([1, 0, 2, 1, 4, 3])
    bonds = jax.nn.one_hot(jnp.array([0, 0, 1, 1, 2, 2]), 3)
    graph = (senders, receivers, bonds)
    model = MolNet(cfg)
    variables = model.init(jax.random.key(0), atoms, graph)
    runner = MoleculeRunner(model, variables, graph)
    print("energy", float(runner.energy(atoms)))
    return None
