# label: ok
# flax-error: none
# class: 5 make_session_step(graphdef) factory returns a step merging the agent from the carried state; TradeCount comes back via nnx.update
"""Intraday power trading: an agent trades 15-minute products and counts executed orders.

A factory builds the per-interval step from the agent (so the risk desk can wrap it with
limits); the trading session runs the day's intervals with a raw lax.scan.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class TradeCount(nnx.Variable):
    """Executed orders since the desk last reset the agent."""


class IntradayAgent(nnx.Module):
    def __init__(self, n_signals: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(n_signals, 2, rngs=rngs)
        self.executed = TradeCount(jnp.zeros((), jnp.int32))

    def __call__(self, signals):
        buy, sell = jnp.tanh(self.policy(signals))
        volume = buy - sell
        self.executed.value = self.executed.value + (jnp.abs(volume) > 0.2).astype(jnp.int32)
        return volume


def make_session_step(graphdef, position_limit: float):
    def step(carry, signals):
        position, state = carry
        agent = nnx.merge(graphdef, state)
        volume = agent(signals)
        position = jnp.clip(position + volume, -position_limit, position_limit)
        return (position, nnx.state(agent)), volume
    return step


class TradingSession:
    def __init__(self, agent: IntradayAgent, position_limit: float = 5.0):
        self.agent = agent
        self.graphdef, _ = nnx.split(agent)
        self.step = make_session_step(self.graphdef, position_limit)

    def run_day(self, signals):
        init = (jnp.zeros(()), nnx.state(self.agent))
        (position, state), volumes = lax.scan(self.step, init, signals)
        nnx.update(self.agent, state)
        return position, volumes, self.agent.executed.value


def main():
    agent = IntradayAgent(6, nnx.Rngs(0))
    signals = jax.random.normal(jax.random.key(12), (96, 6))
    position, volumes, executed = TradingSession(agent).run_day(signals)
    print("closing position", position, "orders executed", executed)
    return None
