# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a factory returns a jax.checkpoint-wrapped step that closes over the decoder and its variables; the scan body calls the step, which applies the decoder without a mutable cache
"""Airport baggage routing.

A recurrent decoder proposes the next conveyor segment for a bag, one hop at a time; its
hidden state lives in a `cache` collection, as autoregressive decoders usually keep it.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class RouterConfig:
    segments: int = 10
    hidden: int = 16
    hops: int = 6


class RouteDecoder(nn.Module):
    config: RouterConfig

    @nn.compact
    def __call__(self, segment_onehot):
        hidden = self.variable("cache", "hidden", jnp.zeros, (self.config.hidden,))
        h = jnp.tanh(nn.Dense(self.config.hidden, name="inp")(segment_onehot)
                     + nn.Dense(self.config.hidden, use_bias=False, name="rec")(hidden.value))
        hidden.value = h
        return nn.Dense(self.config.segments, name="out")(h)


def make_route_step(decoder, variables, segments):
    def step(segment, _):
        logits = decoder.apply(variables, jax.nn.one_hot(segment, segments))
        nxt = jnp.argmax(logits)
        return nxt, nxt

    return jax.checkpoint(step)


class BaggageRouter:
    def __init__(self, config, variables):
        self.config = config
        self.decoder = RouteDecoder(config)
        self.step = make_route_step(self.decoder, variables, config.segments)

    def route(self, check_in_segment):
        _, hops = lax.scan(self.step, check_in_segment, None, length=self.config.hops)
        return hops


def main():
    config = RouterConfig()
    decoder = RouteDecoder(config)
    variables = decoder.init(jax.random.key(0), jnp.zeros((config.segments,)))
    router = BaggageRouter(config, variables)
    router.route(jnp.asarray(2))
    return None
