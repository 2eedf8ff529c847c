# label: ok
# flax-error: none
# class: 4 the scan body publishes a typed event on a bus; the 'stats' collection rides on the event from the scan carry and the subscriber returns the updated stats into the carry
"""Beehive acoustic monitor: each audio frame's band energies are published on an event bus;
a normaliser subscriber tracks the running band mean, a swarm detector scores the result."""
import dataclasses
from collections import defaultdict
from typing import Callable, Generic, TypeVar

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

E = TypeVar("E")


@dataclasses.dataclass(frozen=True)
class FrameEvent:
    bands: jax.Array
    stats: dict


class Subscriber(Generic[E]):
    def handle(self, event: E):
        raise NotImplementedError


class EventBus:
    def __init__(self):
        self._subscribers: dict = defaultdict(list)

    def subscribe(self, event_type: type, subscriber: Subscriber) -> None:
        self._subscribers[event_type].append(subscriber)

    def publish(self, event):
        return [s.handle(event) for s in self._subscribers[type(event)]]


class BandNormalizer(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, bands, update: bool = True):
        mean = self.variable("stats", "band_mean", jnp.zeros, bands.shape)
        if update and not self.is_initializing():
            mean.value = self.decay * mean.value + (1.0 - self.decay) * bands
        return bands - mean.value


class NormalizerSubscriber(Subscriber[FrameEvent]):
    def __init__(self, model: BandNormalizer):
        self.model = model

    def handle(self, event: FrameEvent):
        normalized, updated = self.model.apply({"stats": event.stats}, event.bands, mutable=["stats"])
        return normalized, updated["stats"]


def swarm_score(normalized):
    return jax.nn.sigmoid(normalized[2:5].sum() - normalized[:2].sum())


def main():
    model = BandNormalizer()
    frames = jax.random.uniform(jax.random.key(7), (20, 8))
    variables = model.init(jax.random.key(0), frames[0])
    bus = EventBus()
    bus.subscribe(FrameEvent, NormalizerSubscriber(model))

    def frame_step(carry, bands):
        alarm, stats = carry
        ((normalized, stats),) = bus.publish(FrameEvent(bands, stats))
        return (jnp.maximum(alarm, swarm_score(normalized)), stats), None

    (alarm, stats), _ = lax.scan(frame_step, (jnp.zeros(()), variables["stats"]), frames)
    float(alarm)
    return None
