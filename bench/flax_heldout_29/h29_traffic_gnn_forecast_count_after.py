# label: ok
# flax-error: none
# class: 3 forecast method's fori_loop body calls a read-only message-passing helper; the 'diagnostics' counter is bumped once after the loop with the collection mutable
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
        msg = adj @ nn.Dense(self.hidden, name="msg")(h)
        return nn.tanh(nn.Dense(self.hidden, name="upd")(jnp.concatenate([h, msg], -1)))


class TrafficForecaster(nn.Module):
    cfg: GraphConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.mp = MessagePassing(self.cfg.hidden)
        self.readout = nn.Dense(1)
        self.hops = self.variable("diagnostics", "hops", lambda: jnp.zeros((), jnp.int32))

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
        self.hops.value = self.hops.value + self.cfg.horizon
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
    preds, diag = model.apply(variables, speed, adj, method=TrafficForecaster.forecast,
                              mutable=["diagnostics"])
    print("forecast", preds[-1], "hops", int(diag["diagnostics"]["hops"]))
    return None
