# label: ok
# flax-error: none
# class: 5 a factory returns a jax.checkpoint-wrapped step that closes over the decoder and its params; the scan body calls the step, which applies the decoder with a mutable cache carried through the loop
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


def make_route_step(decoder, params, segments):
    def step(carry, _):
        segment, cache = carry
        logits, updates = decoder.apply(
            {"params": params, "cache": cache}, jax.nn.one_hot(segment, segments),
            mutable=["cache"])
        nxt = jnp.argmax(logits)
        return (nxt, updates["cache"]), nxt

    return jax.checkpoint(step)


class BaggageRouter:
    def __init__(self, config, variables):
        self.config = config
        self.decoder = RouteDecoder(config)
        self.cache = variables["cache"]
        self.step = make_route_step(self.decoder, variables["params"], config.segments)

    def route(self, check_in_segment):
        (_, self.cache), hops = lax.scan(
            self.step, (check_in_segment, self.cache), None, length=self.config.hops)
        return hops


def main():
    config = RouterConfig()
    decoder = RouteDecoder(config)
    variables = decoder.init(jax.random.key(0), jnp.zeros((config.segments,)))
    variables = {"params": variables["params"], "cache": jax.tree.map(jnp.zeros_like, variables["cache"])}
    router = BaggageRouter(config, variables)
    router.route(jnp.asarray(2))
    return None
