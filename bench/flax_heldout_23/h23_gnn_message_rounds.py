# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 train flag passed model -> block -> BatchNorm; running stats written in fori_loop rounds under mutable batch_stats
"""Graph regression with weight-tied message passing rounds.

A single message-passing block is applied repeatedly; node features are
normalised with BatchNorm after each round.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
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


@functools.partial(jax.jit, static_argnums=(0, 1))
def train_step(model, tx, params, batch_stats, opt_state, graph, target):
    def loss_fn(p):
        pred, upd = model.apply({"params": p, "batch_stats": batch_stats}, *graph,
                                train=True, mutable=["batch_stats"])
        return jnp.mean((pred - target) ** 2), upd["batch_stats"]
    (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), new_stats, opt_state, loss


def main():
    cfg = GNNConfig()
    x = jax.random.normal(jax.random.key(0), (cfg.n_nodes, 3))
    senders = jnp.arange(cfg.n_nodes)
    receivers = (senders + 1) % cfg.n_nodes
    graph = (x, senders, receivers)
    model = GraphRegressor(cfg)
    variables = model.init(jax.random.key(1), *graph)
    tx = optax.adam(1e-3)
    params, stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)
    for _ in range(2):
        params, stats, opt_state, loss = train_step(model, tx, params, stats, opt_state, graph, jnp.ones(1))
    float(loss)
    return None
