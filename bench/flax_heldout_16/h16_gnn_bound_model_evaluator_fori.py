# label: ok
# flax-error: none
# class: 3 an Evaluator object holds the model bound to its variables and calls the bound MessageLayer (BatchNorm on running averages) in the fori_loop body
"""Graph network with weight-tied message passing rounds, evaluated through a bound module."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GNNConfig:
    node_dim: int = 5
    width: int = 8
    rounds: int = 3
    num_classes: int = 2


class MessageMLP(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(x)


class MessageLayer(nn.Module):
    width: int

    def setup(self):
        self.mlp = MessageMLP(self.width)

    def __call__(self, h, adj, train: bool):
        messages = adj @ h / jnp.maximum(adj.sum(-1, keepdims=True), 1.0)
        return h + self.mlp(jnp.concatenate([h, messages], -1), train)


class GNN(nn.Module):
    config: GNNConfig

    def setup(self):
        self.embed = nn.Dense(self.config.width)
        self.message = MessageLayer(self.config.width)
        self.readout = nn.Dense(self.config.num_classes)

    def __call__(self, nodes, adj, train: bool = True):
        h = self.message(self.embed(nodes), adj, train)
        return self.readout(h.mean(0))


class Evaluator:
    def __init__(self, model, variables):
        self.config = model.config
        self.bound = model.bind(variables)

    def embed_graph(self, nodes, adj):
        h = self.bound.embed(nodes)

        def body(_, h):
            return self.bound.message(h, adj, train=False)

        h = jax.lax.fori_loop(0, self.config.rounds, body, h)
        return self.bound.readout(h.mean(0))


def random_graph(key, n, node_dim):
    k1, k2 = jax.random.split(key)
    adj = (jax.random.uniform(k1, (n, n)) > 0.6).astype(jnp.float32)
    return jax.random.normal(k2, (n, node_dim)), jnp.maximum(adj, adj.T)


def main():
    config = GNNConfig()
    model = GNN(config)
    nodes, adj = random_graph(jax.random.key(0), 6, config.node_dim)
    variables = model.init(jax.random.key(1), nodes, adj, train=False)
    evaluator = Evaluator(model, variables)
    logits = evaluator.embed_graph(nodes, adj)
    assert logits.shape == (config.num_classes,)
    return None
