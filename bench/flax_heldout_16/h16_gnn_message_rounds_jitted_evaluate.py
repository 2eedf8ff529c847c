# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/message/mlp/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BatchNorm inside the MessageMLP of the shared MessageLayer runs in the fori_loop body of the GNN's message rounds, through a jitted evaluate helper built with functools.partial(apply)
"""Graph network with weight-tied message passing rounds, trained and evaluated on random graphs."""
import dataclasses
import functools

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
        h = self.embed(nodes)
        if self.is_initializing():
            # create the shared layer's variables once, outside the rounds
            self.message(h, adj, train=False)
        h = jax.lax.fori_loop(0, self.config.rounds, lambda i, h: self.message(h, adj, train), h)
        return self.readout(h.mean(0))


def random_graph(key, n, node_dim):
    k1, k2 = jax.random.split(key)
    adj = (jax.random.uniform(k1, (n, n)) > 0.6).astype(jnp.float32)
    return jax.random.normal(k2, (n, node_dim)), jnp.maximum(adj, adj.T)


def build_evaluate(model):
    predict = functools.partial(model.apply, mutable=False)
    return jax.jit(lambda variables, nodes, adj: jnp.argmax(predict(variables, nodes, adj)))


def main():
    config = GNNConfig()
    model = GNN(config)
    nodes, adj = random_graph(jax.random.key(0), 6, config.node_dim)
    variables = model.init(jax.random.key(1), nodes, adj, train=False)
    evaluate = build_evaluate(model)
    prediction = evaluate(variables, nodes, adj)
    assert prediction.shape == ()
    return None
