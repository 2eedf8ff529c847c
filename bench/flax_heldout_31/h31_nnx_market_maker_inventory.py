# label: trace-context
# flax-error: TraceContextError: Cannot mutate Inventory from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 simulator scans the agent's bound quote_step, which updates a custom Inventory variable held by the agent
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class MarketConfig:
    n_features: int = 5
    hidden: int = 8
    n_ticks: int = 6
    max_inventory: float = 3.0


class Inventory(nnx.Variable):
    pass


class QuoteHead(nnx.Module):
    def __init__(self, cfg: MarketConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.n_features + 1, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 2, rngs=rngs)

    def __call__(self, features, inventory):
        x = jnp.concatenate([features, inventory[None]])
        spread_skew = self.out(nnx.relu(self.body(x)))
        return nnx.softplus(spread_skew[0]), jnp.tanh(spread_skew[1])


class MarketMaker(nnx.Module):
    def __init__(self, cfg: MarketConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.head = QuoteHead(cfg, rngs)
        self.inventory = Inventory(jnp.zeros(()))

    def quote_step(self, pnl, tick):
        features, order_flow = tick
        spread, skew = self.head(features, self.inventory[...])
        filled = jnp.clip(order_flow - skew, -1.0, 1.0)
        self.inventory[...] = jnp.clip(
            self.inventory[...] + filled, -self.cfg.max_inventory, self.cfg.max_inventory)
        return pnl + spread * jnp.abs(filled), spread


class MarketSim:
    def __init__(self, agent, cfg):
        self.agent = agent
        self.cfg = cfg

    def run_session(self, key):
        k1, k2 = jax.random.split(key)
        features = jax.random.normal(k1, (self.cfg.n_ticks, self.cfg.n_features))
        order_flow = jax.random.normal(k2, (self.cfg.n_ticks,))
        pnl, spreads = jax.lax.scan(self.agent.quote_step, jnp.zeros(()), (features, order_flow))
        return pnl, spreads


def main():
    cfg = MarketConfig()
    agent = MarketMaker(cfg, nnx.Rngs(0))
    sim = MarketSim(agent, cfg)
    pnl, spreads = sim.run_session(jax.random.key(1))
    _ = float(pnl) + float(agent.inventory[...])
    return None
