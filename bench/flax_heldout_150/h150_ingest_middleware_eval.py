# label: ok
# flax-error: none
# class: 5 a normalizing middleware closes over model.apply and the variables; handler = mw(handler) is folded and the chain runs in a while_loop body with train=False (running averages only read)
"""Telemetry ingest gateway: packets pass a middleware chain before reaching the sink."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class PacketNormalizer(nn.Module):
    @nn.compact
    def __call__(self, packet, train: bool):
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(packet)
        return nn.Dense(packet.shape[-1])(x)


def clip_middleware(limit):
    def mw(handler):
        def wrapped(packet):
            return handler(jnp.clip(packet, -limit, limit))
        return wrapped
    return mw


def normalize_middleware(model, variables, train):
    def mw(handler):
        def wrapped(packet):
            return handler(model.apply(variables, packet, train=train))
        return wrapped
    return mw


def energy_sink(packet):
    return jnp.sum(packet ** 2)


def build_chain(sink, middlewares):
    handler = sink
    for mw in reversed(middlewares):
        handler = mw(handler)
    return handler


class IngestWorker:
    def __init__(self, handler):
        self.handler = handler

    def drain(self, queue):
        def cond(state):
            i, _ = state
            return i < queue.shape[0]

        def body(state):
            i, energy = state
            return i + 1, energy + self.handler(queue[i])

        return lax.while_loop(cond, body, (0, jnp.float32(0.0)))[1]


def main():
    model = PacketNormalizer()
    queue = jax.random.normal(jax.random.key(0), (6, 8, 4))
    variables = model.init(jax.random.key(1), queue[0], train=False)
    chain = build_chain(energy_sink, [clip_middleware(3.0),
                                      normalize_middleware(model, variables, train=False)])
    IngestWorker(chain).drain(queue).block_until_ready()
    return None
