# label: ok
# flax-error: none
# class: 2 plan_hops draws key = rngs.hop() into a local before the scan and the body folds the slot index into that local key for each slot's Gumbel exploration noise
"""Radio spectrum allocation: plan a frequency-hopping sequence for a secondary user from sensed occupancy."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclass(frozen=True)
class HopConfig:
    channels: int = 10
    features: int = 4
    slots: int = 8
    temperature: float = 0.7


class ChannelPolicy(nnx.Module):
    def __init__(self, cfg: HopConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.score = nnx.Linear(cfg.features, cfg.channels, rngs=rngs)

    def __call__(self, sensed):
        # sensed: (channels, features) -> one preference per channel
        return jnp.diagonal(self.score(sensed))


def plan_hops(policy: ChannelPolicy, sensed_trace, rngs: nnx.Rngs):
    cfg = policy.cfg
    key = rngs.hop()

    def slot(previous, inputs):
        t, sensed = inputs
        noise = jax.random.gumbel(jax.random.fold_in(key, t), (cfg.channels,))
        logits = policy(sensed) / cfg.temperature
        logits = logits.at[previous].add(-1.0)  # discourage dwelling on one channel
        channel = jnp.argmax(logits + noise)
        return channel, (channel, noise)

    _, (channels, noise) = scan(slot, jnp.int32(0), (jnp.arange(sensed_trace.shape[0]), sensed_trace))
    return channels, noise


def main():
    cfg = HopConfig()
    policy = ChannelPolicy(cfg, rngs=nnx.Rngs(params=0))
    sensed = jax.random.uniform(jax.random.key(9), (cfg.slots, cfg.channels, cfg.features))
    _, noise = plan_hops(policy, sensed, nnx.Rngs(hop=21))
    return noise  # exploration noise per slot, slot on axis 0
