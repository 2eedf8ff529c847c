# label: ok
# flax-error: none
# class: 4 the evaluator clears the log_gates flag that is passed from the config through setup into the graph GRU cells run by the lax.scan body
"""Traffic speed forecasting with stacked diffusion-graph GRU cells over a road sensor graph."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    n_nodes: int = 10
    hidden: int = 16
    n_layers: int = 2
    log_gates: bool = True


def ring_adjacency(n):
    a = jnp.eye(n, k=1) + jnp.eye(n, k=-1) + jnp.eye(n, k=n - 1) + jnp.eye(n, k=1 - n)
    return a / a.sum(axis=1, keepdims=True)


class GraphGRUCell(nn.Module):
    hidden: int
    track: bool

    @nn.compact
    def __call__(self, adj, h, x):
        hx = jnp.concatenate([adj @ x, adj @ h], axis=-1)
        z = nn.sigmoid(nn.Dense(self.hidden, name="update")(hx))
        r = nn.sigmoid(nn.Dense(self.hidden, name="reset")(hx))
        c = jnp.tanh(nn.Dense(self.hidden, name="cand")(jnp.concatenate([adj @ x, r * (adj @ h)], -1)))
        if self.track:
            self.variable("diagnostics", "update_gate", jnp.zeros, (adj.shape[0],)).value = z.mean(-1)
        return (1.0 - z) * h + z * c


class Forecaster(nn.Module):
    cfg: ForecastConfig

    def setup(self):
        self.cells = [GraphGRUCell(self.cfg.hidden, self.cfg.log_gates) for _ in range(self.cfg.n_layers)]
        self.readout = nn.Dense(1)

    def step(self, hs, x):
        adj = ring_adjacency(self.cfg.n_nodes)
        new_hs = []
        for cell, h in zip(self.cells, hs):
            x = cell(adj, h, x)
            new_hs.append(x)
        return tuple(new_hs), self.readout(x)[..., 0]

    def forecast(self, history):
        hs = tuple(jnp.zeros((self.cfg.n_nodes, self.cfg.hidden)) for _ in self.cells)
        _, preds = jax.lax.scan(self.step, hs, history)
        return preds


def main():
    cfg = ForecastConfig()
    model = Forecaster(cfg)
    history = jax.random.uniform(jax.random.key(0), (6, cfg.n_nodes, 1)) * 60.0
    hs0 = tuple(jnp.zeros((cfg.n_nodes, cfg.hidden)) for _ in range(cfg.n_layers))
    variables = model.init(jax.random.key(1), hs0, history[0], method=Forecaster.step)
    evaluator = Forecaster(dataclasses.replace(cfg, log_gates=False))
    preds = evaluator.apply(variables, history, method=Forecaster.forecast)
    mae = jnp.mean(jnp.abs(preds[:-1] - history[1:, :, 0]))
    print(float(mae))
    return None
