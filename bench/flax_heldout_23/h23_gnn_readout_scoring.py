# label: ok
# flax-error: none
# class: 4 train=False passed model -> block -> BatchNorm; fori_loop rounds only read running stats
"""Graph regression with weight-tied message passing rounds.

A single message-passing block is applied repeatedly; node features are
normalised with BatchNorm after each round. This module scores held-out
graphs with a fitted model.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class GNNConfig:
    node_dim: int = 16
    rounds: int = 4
    n_nodes: int = 10


class MessageBlock(nn.Module):
    dim: int

    def setup(self):
        self.edge_mlp = nn.Dense(self.dim)
        self.node_mlp = nn.Dense(self.dim)
        self.norm = nn.BatchNorm(momentum=0.9)

    def __call__(self, h, senders, receivers, *, train: bool):
        msg = nn.relu(self.edge_mlp(h[senders] - h[receivers]))
        agg = jax.ops.segment_sum(msg, receivers, num_segments=h.shape[0])
        h = h + self.node_mlp(jnp.concatenate([h, agg], -1))
        return self.norm(h, use_running_average=not train)


class GraphRegressor(nn.Module):
    cfg: GNNConfig

    def setup(self):
        self.embed = nn.Dense(self.cfg.node_dim)
        self.block = MessageBlock(self.cfg.node_dim)
        self.head = nn.Dense(1)

    def __call__(self, x, senders, receivers, train: bool = False):
        h = self.block(self.embed(x), senders, receivers, train=train)
        step = lambda _, h: self.block(h, senders, receivers, train=train)
        h = fori_loop(1, self.cfg.rounds, step, h)
        return self.head(h.mean(0))


class Evaluator:
    def __init__(self, model, variables):
        self.variables = variables
        self._predict = jax.jit(functools.partial(model.apply, train=False))

    def mse(self, graph, target):
        pred = self._predict(self.variables, *graph)
        return jnp.mean((pred - target) ** 2)


def main():
    cfg = GNNConfig()
    x = jax.random.normal(jax.random.key(0), (cfg.n_nodes, 3))
    senders = jnp.arange(cfg.n_nodes)
    receivers = (senders + 1) % cfg.n_nodes
    graph = (x, senders, receivers)
    model = GraphRegressor(cfg)
    variables = model.init(jax.random.key(1), *graph)
    evaluator = Evaluator(model, variables)
    total = 0.0
    for shift in range(2):
        total += float(evaluator.mse((x + shift, senders, receivers), jnp.ones(1)))
    return None
