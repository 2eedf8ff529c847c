# label: ok
# flax-error: none
# class: 4 the fori_loop body applies the decoder's model with its params; the cache travels in the loop carry with mutable=['cache']; the decoder comes from a decorator registry lookup
"""Side-scan sonar contact classifier.

Decoders register themselves by sonar kind in a module-level registry; the
service looks the decoder up once and hands it the model and its variables.
The echo network keeps a recurrent memory of past pings in its 'cache'
collection, and the decoder steps it ping by ping.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

DECODERS = {}


def register(kind):
    def decorate(cls):
        DECODERS[kind] = cls
        return cls
    return decorate


@dataclass(frozen=True)
class SonarConfig:
    beams: int = 6
    width: int = 8
    classes: int = 3


class EchoNet(nn.Module):
    config: SonarConfig

    def setup(self):
        self.encode = nn.Dense(self.config.width)
        self.classify = nn.Dense(self.config.classes)
        self.memory = self.variable("cache", "memory", jnp.zeros, (self.config.width,))
        self.pings = self.variable("cache", "pings", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, ping):
        return self.step(ping)

    def step(self, ping):
        h = jnp.tanh(self.encode(ping) + 0.7 * self.memory.value)
        self.memory.value = h
        self.pings.value = self.pings.value + 1
        return self.classify(h)


@register("sidescan")
class SidescanDecoder:
    def __init__(self, model, variables, config):
        self.model, self.variables, self.config = model, variables, config

    def decode(self, pings):
        n = pings.shape[0]

        params = self.variables["params"]

        def body(i, carry):
            logits, cache = carry
            out, updates = self.model.apply(
                {"params": params, "cache": cache}, pings[i], method=EchoNet.step, mutable=["cache"])
            return logits.at[i].set(out), updates["cache"]

        init = (jnp.zeros((n, self.config.classes)), self.variables["cache"])
        logits, cache = lax.fori_loop(0, n, body, init)
        self.variables = {"params": params, "cache": cache}
        return logits


class SonarService:
    def __init__(self, kind, config: SonarConfig):
        model = EchoNet(config)
        variables = model.init(jax.random.key(4), jnp.zeros((config.beams,)))
        self.decoder = DECODERS[kind](model, variables, config)

    def contacts(self, pings):
        return jnp.argmax(self.decoder.decode(pings), axis=-1)


def main():
    service = SonarService("sidescan", SonarConfig())
    service.contacts(jax.random.normal(jax.random.key(9), (5, 6)))
    return None
