# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a Linen queue head wrapped in nnx.bridge.ToNNX (initialised with lazy_init) is called inside the scan body through a scorer object
"""Ticket-gate scorer: reuses the legacy Linen queue head from an NNX service via nnx.bridge."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class LinenQueueHead(nn.Module):
    """Legacy head from the Linen codebase, kept as-is."""

    hidden: int = 8

    @nn.compact
    def __call__(self, gates):
        return nn.Dense(1)(nn.relu(nn.Dense(self.hidden)(gates)))[..., 0]


class GateScorer:
    def __init__(self, sample_gates, seed=0):
        self.head = nnx.bridge.ToNNX(LinenQueueHead(), rngs=nnx.Rngs(seed))
        nnx.bridge.lazy_init(self.head, sample_gates)

    def score(self, gates):
        return self.head(gates)


def rolling_scores(scorer, minutes):
    def body(total, gates):
        s = scorer.score(gates)
        return total + s.sum(), s

    return jax.lax.scan(body, jnp.zeros(()), minutes)


def main():
    # minutes x gates x (scans per minute, rejected tickets, staff on duty)
    minutes = jax.random.uniform(jax.random.key(4), (6, 5, 3))
    scorer = GateScorer(minutes[0])
    total, per_minute = rolling_scores(scorer, minutes)
    print(float(total), per_minute.shape)
