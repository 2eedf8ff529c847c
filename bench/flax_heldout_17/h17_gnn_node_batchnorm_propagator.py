# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/node_fn/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a Propagator object holds a model.bind(...) module and passes its train flag GraphNet.message_round -> NodeUpdate -> nn.BatchNorm from a fori_loop body
"""Message-passing GNN with normalized node updates, run for extra rounds by a propagator."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GNNConfig:
    latent: int = 16
    rounds: int = 3
    train: bool = True


class NodeUpdate(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, h, agg, train: bool):
        z = nn.Dense(self.latent)(jnp.concatenate([h, agg], -1))
        z = nn.BatchNorm(use_running_average=not train, momentum=0.99)(z)
        return h + nn.relu(z)


class GraphNet(nn.Module):
    cfg: GNNConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.latent)
        self.edge_fn = nn.Dense(self.cfg.latent)
        self.node_fn = NodeUpdate(self.cfg.latent)
        self.readout = nn.Dense(1)

    def message_round(self, h, senders, receivers, train: bool):
        msg = nn.relu(self.edge_fn(jnp.concatenate([h[senders], h[receivers]], -1)))
        agg = jax.ops.segment_sum(msg, receivers, num_segments=h.shape[0])
        return self.node_fn(h, agg, train)

    def __call__(self, nodes, senders, receivers, train: bool = False):
        h = self.encoder(nodes)
        h = self.message_round(h, senders, receivers, train)
        return self.readout(h.mean(0))


class Propagator:
    def __init__(self, model, variables, cfg: GNNConfig):
        self.bound = model.bind(variables)
        self.cfg = cfg

    def _round(self, _, carry):
        h, senders, receivers = carry
        h = self.bound.message_round(h, senders, receivers, train=self.cfg.train)
        return h, senders, receivers

    def run(self, nodes, senders, receivers):
        h = self.bound.encoder(nodes)
        h, _, _ = jax.lax.fori_loop(0, self.cfg.rounds, self._round, (h, senders, receivers))
        return self.bound.readout(h.mean(0))


def main():
    cfg = GNNConfig()
    nodes = jax.random.normal(jax.random.key(0), (5, 4))
    senders = jnp.array([0, 1, 2, 3, 4, 0])
    receivers = jnp.array([1, 2, 3, 4, 0, 2])
    model = GraphNet(cfg)
    variables = model.init(jax.random.key(1), nodes, senders, receivers)
    print(Propagator(model, variables, cfg).run(nodes, senders, receivers))
    return None
