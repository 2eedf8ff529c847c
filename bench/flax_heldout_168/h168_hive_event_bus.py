# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "band_mean" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body publishes a typed event on a bus; the subscriber calls model.bind(variables) it holds, whose 'stats' EMA update runs inside the body
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
    def __init__(self, model: BandNormalizer, variables):
        self.session = model.bind(variables)

    def handle(self, event: FrameEvent):
        return self.session(event.bands)


def swarm_score(normalized):
    return jax.nn.sigmoid(normalized[2:5].sum() - normalized[:2].sum())


def main():
    model = BandNormalizer()
    frames = jax.random.uniform(jax.random.key(7), (20, 8))
    variables = model.init(jax.random.key(0), frames[0])
    bus = EventBus()
    bus.subscribe(FrameEvent, NormalizerSubscriber(model, variables))

    def frame_step(alarm, bands):
        (normalized,) = bus.publish(FrameEvent(bands))
        return jnp.maximum(alarm, swarm_score(normalized)), None

    alarm, _ = lax.scan(frame_step, jnp.zeros(()), frames)
    float(alarm)
    return None
