# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak" in "/" because collection "meter" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a decorator-registered loudness plugin, loaded by name into the MixEngine's middleware stack, holds a bound meter module that writes its 'meter' collection; the scan body reaches it through engine -> stack -> plugin
"""Music generation: a mixing engine runs rendered audio blocks through a stack of plugins."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

PLUGINS = {}


def register_plugin(name):
    def wrap(cls):
        PLUGINS[name] = cls
        return cls
    return wrap


@dataclasses.dataclass(frozen=True)
class MixConfig:
    block_size: int = 32
    blocks: int = 6
    chain: tuple = ("gain", "loudness")


class LoudnessMeter(nn.Module):
    block_size: int

    @nn.compact
    def __call__(self, block):
        weighting = nn.Dense(self.block_size, use_bias=False)(block)
        peak = self.variable("meter", "peak", lambda: jnp.zeros(()))
        level = jnp.sqrt(jnp.mean(weighting ** 2))
        peak.value = jnp.maximum(peak.value, level)
        return block / (1.0 + peak.value)


@register_plugin("gain")
class GainPlugin:
    def __init__(self, cfg, key):
        self.gain = 0.8

    def __call__(self, block):
        return self.gain * block


@register_plugin("loudness")
class LoudnessPlugin:
    def __init__(self, cfg, key):
        meter = LoudnessMeter(cfg.block_size)
        self.meter = meter.bind(meter.init(key, jnp.zeros(cfg.block_size)))

    def __call__(self, block):
        return self.meter(block)


class MixEngine:
    def __init__(self, cfg, key):
        keys = jax.random.split(key, len(cfg.chain))
        self.stack = [PLUGINS[name](cfg, k) for name, k in zip(cfg.chain, keys)]

    def render(self, blocks):
        def process(energy, block):
            for plugin in self.stack:
                block = plugin(block)
            return energy + jnp.sum(block ** 2), block

        return jax.lax.scan(process, jnp.zeros(()), blocks)


def main():
    cfg = MixConfig()
    blocks = jax.random.normal(jax.random.key(0), (cfg.blocks, cfg.block_size))
    energy, mixed = MixEngine(cfg, jax.random.key(1)).render(blocks)
    energy.block_until_ready()
    return None
