# label: ok
# flax-error: none
# class: 3 the membrane potentials of the listed LIF layers travel through the lax.scan carry and are stored after the loop
"""Leaky integrate-and-fire spiking network for event-stream classification, run in chunks."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SNNConfig:
    batch: int = 4
    sizes: tuple = (20, 16, 5)
    decay: float = 0.8
    threshold: float = 1.0


class LIFLayer(nn.Module):
    batch: int
    features: int
    decay: float
    threshold: float

    def setup(self):
        self.synapse = nn.Dense(self.features)
        self.v = self.variable("membrane", "v", jnp.zeros, (self.batch, self.features))

    def step(self, v, x):
        v = self.decay * v + self.synapse(x)
        spikes = (v > self.threshold).astype(jnp.float32)
        return v * (1.0 - spikes), spikes

    def store(self, v):
        self.v.value = v

    def __call__(self, x):
        v, spikes = self.step(self.v.value, x)
        self.v.value = v
        return spikes


class SpikingNet(nn.Module):
    cfg: SNNConfig

    def setup(self):
        c = self.cfg
        self.layers = [LIFLayer(c.batch, f, c.decay, c.threshold) for f in c.sizes[1:]]

    def tick(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def run(self, events):
        def body(carry, x):
            count, vs = carry
            new_vs = []
            for layer, v in zip(self.layers, vs):
                v, x = layer.step(v, x)
                new_vs.append(v)
            return (count + x, tuple(new_vs)), None

        counts0 = jnp.zeros((self.cfg.batch, self.cfg.sizes[-1]))
        vs0 = tuple(layer.v.value for layer in self.layers)
        (counts, vs), _ = jax.lax.scan(body, (counts0, vs0), events)
        for layer, v in zip(self.layers, vs):
            layer.store(v)
        return counts


def main():
    cfg = SNNConfig()
    net = SpikingNet(cfg)
    events = (jax.random.uniform(jax.random.key(0), (2, 8, cfg.batch, cfg.sizes[0])) < 0.3) * 2.0
    variables = net.init(jax.random.key(1), events[0, 0], method=SpikingNet.tick)
    total = jnp.zeros((cfg.batch, cfg.sizes[-1]))
    for chunk in events:
        counts, state = net.apply(variables, chunk, method=SpikingNet.run, mutable=["membrane"])
        variables = {"params": variables["params"], **state}
        total = total + counts
    print(total.argmax(-1))
    return None
