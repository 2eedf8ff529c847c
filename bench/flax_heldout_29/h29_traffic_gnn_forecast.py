# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hops" in "/mp" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 forecast method's fori_loop body calls a message-passing helper that bumps a 'diagnostics' counter; the forecast apply passes no mutable collections
"""Graph-based traffic speed forecaster: message passing over a road graph, rolled out autoregressively."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GraphConfig:
    num_nodes: int = 6
    hidden: int = 8
    horizon: int = 4


class MessagePassing(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, adj):
        hops = self.variable("diagnostics", "hops", lambda: jnp.zeros((), jnp.int32))
        msg = adj @ nn.Dense(self.hidden, name="msg")(h)
        if not self.is_initializing():
            hops.value = hops.value + 1
        return nn.tanh(nn.Dense(self.hidden, name="upd")(jnp.concatenate([h, msg], -1)))


class TrafficForecaster(nn.Module):
    cfg: GraphConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.mp = MessagePassing(self.cfg.hidden)
        self.readout = nn.Dense(1)

    def _step(self, speed, adj):
        h = self.mp(self.encoder(speed[:, None]), adj)
        return speed + self.readout(h)[:, 0]

    def __call__(self, speed, adj):
        return self._step(speed, adj)

    def forecast(self, speed, adj):
        preds = jnp.zeros((self.cfg.horizon, self.cfg.num_nodes))

        def body(t, state):
            s, out = state
            s = self._step(s, adj)
            return s, out.at[t].set(s)

        _, preds = jax.lax.fori_loop(0, self.cfg.horizon, body, (speed, preds))
        return preds


def ring_adjacency(n):
    a = jnp.eye(n, k=1) + jnp.eye(n, k=-1) + jnp.eye(n, k=n - 1) + jnp.eye(n, k=1 - n)
    return a / a.sum(1, keepdims=True)


def main():
    cfg = GraphConfig()
    model = TrafficForecaster(cfg)
    adj = ring_adjacency(cfg.num_nodes)
    speed = jax.random.uniform(jax.random.key(0), (cfg.num_nodes,), minval=20, maxval=60)
    variables = model.init(jax.random.key(1), speed, adj)
    preds = model.apply(variables, speed, adj, method=TrafficForecaster.forecast)
    print("forecast", preds[-1])
    return None
