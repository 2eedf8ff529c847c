# label: ok
# flax-error: none
# class: 3 simulator scans the agent's bound quote_step, which carries the inventory in the carry; the Inventory variable is written after the loop
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

    def quote_step(self, carry, tick):
        pnl, inventory = carry
        features, order_flow = tick
        spread, skew = self.head(features, inventory)
        filled = jnp.clip(order_flow - skew, -1.0, 1.0)
        inventory = jnp.clip(inventory + filled, -self.cfg.max_inventory, self.cfg.max_inventory)
        return (pnl + spread * jnp.abs(filled), inventory), spread


class MarketSim:
    def __init__(self, agent, cfg):
        self.agent = agent
        self.cfg = cfg

    def run_session(self, key):
        k1, k2 = jax.random.split(key)
        features = jax.random.normal(k1, (self.cfg.n_ticks, self.cfg.n_features))
        order_flow = jax.random.normal(k2, (self.cfg.n_ticks,))
        carry = (jnp.zeros(()), self.agent.inventory[...])
        (pnl, inventory), spreads = jax.lax.scan(self.agent.quote_step, carry, (features, order_flow))
        self.agent.inventory[...] = inventory
        return pnl, spreads


def main():
    cfg = MarketConfig()
    agent = MarketMaker(cfg, nnx.Rngs(0))
    sim = MarketSim(agent, cfg)
    pnl, spreads = sim.run_session(jax.random.key(1))
    _ = float(pnl) + float(agent.inventory[...])
    return None
