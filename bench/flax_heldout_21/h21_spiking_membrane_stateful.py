# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 each LIF layer in a list writes its 'membrane' variable when tick() is called from the lax.scan body
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
        def body(count, x):
            out = self.tick(x)
            return count + out, None

        counts0 = jnp.zeros((self.cfg.batch, self.cfg.sizes[-1]))
        counts, _ = jax.lax.scan(body, counts0, events)
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
