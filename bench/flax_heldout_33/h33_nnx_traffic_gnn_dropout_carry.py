# label: ok
# flax-error: none
# class: 3 TrafficGNN.__call__ splits self.layer into graphdef and state and runs functools.partial(_propagate, graphdef, graph) in a fori_loop whose carry holds the layer state (params and dropout RNG counts), merged in the body
"""Graph network for road-traffic speed forecasting.

Sensors are nodes of the road graph; a shared message-passing layer is applied
for several rounds (weights tied across rounds) with dropout on messages, and
a readout predicts the next-interval speed per sensor.
"""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class RoadGraph(NamedTuple):
    senders: jnp.ndarray
    receivers: jnp.ndarray
    edge_len: jnp.ndarray


class GraphLayer(nnx.Module):
    def __init__(self, dim, *, dropout, rngs):
        self.msg = nnx.Linear(2 * dim + 1, dim, rngs=rngs)
        self.upd = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(dropout, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, h, graph: RoadGraph):
        e = jnp.concatenate([h[graph.senders], h[graph.receivers], graph.edge_len[:, None]], -1)
        m = self.drop(nnx.gelu(self.msg(e)))
        agg = jax.ops.segment_sum(m, graph.receivers, num_segments=h.shape[0])
        return self.norm(h + self.upd(jnp.concatenate([h, agg], -1)))


def _propagate(graphdef, graph, _, carry):
    h, state = carry
    layer = nnx.merge(graphdef, state)
    h = layer(h, graph)
    return h, nnx.state(layer)


class TrafficGNN(nnx.Module):
    def __init__(self, in_dim, dim, n_rounds, *, rngs):
        self.encode = nnx.Linear(in_dim, dim, rngs=rngs)
        self.layer = GraphLayer(dim, dropout=0.2, rngs=rngs)
        self.readout = nnx.Linear(dim, 1, rngs=rngs)
        self.n_rounds = n_rounds

    def __call__(self, speeds, graph):
        h = self.encode(speeds)
        graphdef, state = nnx.split(self.layer)
        step = functools.partial(_propagate, graphdef, graph)
        h, state = fori_loop(0, self.n_rounds, step, (h, state))
        nnx.update(self.layer, state)
        return self.readout(h)[:, 0]


def ring_road(n):
    idx = jnp.arange(n)
    senders = jnp.concatenate([idx, (idx + 1) % n])
    receivers = jnp.concatenate([(idx + 1) % n, idx])
    return RoadGraph(senders, receivers, jnp.ones(2 * n) * 0.5)


def main():
    n_sensors, history = 6, 4
    model = TrafficGNN(history, 16, n_rounds=3, rngs=nnx.Rngs(params=0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    graph = ring_road(n_sensors)
    speeds = jax.random.uniform(jax.random.PRNGKey(2), (n_sensors, history)) * 60
    target = speeds[:, -1]

    @nnx.jit
    def train_step(model, optimizer, speeds, target):
        def loss_fn(model):
            return jnp.mean((model(speeds, graph) - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    loss = train_step(model, optimizer, speeds, target)
    float(loss)
    return None
