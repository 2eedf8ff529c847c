# label: trace-context
# flax-error: TraceContextError: Cannot mutate TradeCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_session_step(agent) factory returns a step closing over the agent, whose TradeCount Variable is bumped in the scan body
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


def make_session_step(agent: IntradayAgent, position_limit: float):
    def step(position, signals):
        volume = agent(signals)
        position = jnp.clip(position + volume, -position_limit, position_limit)
        return position, volume
    return step


class TradingSession:
    def __init__(self, agent: IntradayAgent, position_limit: float = 5.0):
        self.agent = agent
        self.step = make_session_step(agent, position_limit)

    def run_day(self, signals):
        position, volumes = lax.scan(self.step, jnp.zeros(()), signals)
        return position, volumes, self.agent.executed.value


def main():
    agent = IntradayAgent(6, nnx.Rngs(0))
    signals = jax.random.normal(jax.random.key(12), (96, 6))
    position, volumes, executed = TradingSession(agent).run_day(signals)
    print("closing position", position, "orders executed", executed)
    return None
