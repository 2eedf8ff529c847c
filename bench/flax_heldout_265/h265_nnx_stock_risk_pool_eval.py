# label: ok
# flax-error: none
# class: 4 the handler's compiled step fetches the site model, registered in evaluation mode, from the pool and calls it inside the while_loop body
import functools

import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import while_loop


class StockoutRisk(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(nnx.relu(self.norm(self.inp(x)))))


class ModelPool:
    def __init__(self):
        self._models = {}

    def register(self, site, model):
        model.eval()
        self._models[site] = model

    def get(self, site):
        return self._models[site]


class RiskHandler:
    def __init__(self, pool: ModelPool, alert_level: float):
        self.pool = pool
        self.alert_level = alert_level
        self._compiled = {}

    def _scan_site(self, site, windows):
        def keep_going(state):
            i, worst = state
            return (i < windows.shape[0]) & (worst < self.alert_level)

        def next_window(state):
            i, worst = state
            risk = self.pool.get(site)(windows[i])
            return i + 1, jnp.maximum(worst, risk.max())

        return while_loop(keep_going, next_window, (0, jnp.float32(0.0)))

    def handle(self, site, windows):
        if site not in self._compiled:
            self._compiled[site] = jax.jit(functools.partial(self._scan_site, site))
        return self._compiled[site](windows)


def build_pool(sites, n_features, seed):
    pool = ModelPool()
    for i, site in enumerate(sites):
        pool.register(site, StockoutRisk(n_features, nnx.Rngs(seed + i)))
    return pool


def main():
    pool = build_pool(["dc-east", "dc-west"], n_features=5, seed=0)
    handler = RiskHandler(pool, alert_level=0.95)
    windows = jax.random.uniform(jax.random.key(1), (4, 6, 5))
    jax.block_until_ready(handler.handle("dc-east", windows))
