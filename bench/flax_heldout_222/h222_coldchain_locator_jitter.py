# label: same-values
# flax-error: none
# class: 5 a ServiceLocator resolves JitterAugmenter, which keeps functools.partial(model.apply, variables, rngs={"jitter": key}); the fori_loop body calls that partial each step
"""Cold-chain logistics: augment reefer-container temperature traces for a spoilage classifier."""

import functools
from typing import Any, Callable, TypeVar

import jax
import jax.numpy as jnp
import flax.linen as nn

T = TypeVar("T")


class ServiceLocator:
    """Services are registered against their type and built on first lookup."""

    def __init__(self):
        self._factories: dict[type, Callable[["ServiceLocator"], Any]] = {}
        self._built: dict[type, Any] = {}

    def provide(self, kind: type, factory: Callable[["ServiceLocator"], Any]) -> None:
        self._factories[kind] = factory

    def get(self, kind: type[T]) -> T:
        if kind not in self._built:
            self._built[kind] = self._factories[kind](self)
        return self._built[kind]


class SensorJitter(nn.Module):
    sensors: int = 4

    @nn.compact
    def __call__(self, trace):
        """The offset to add to `trace`: sensor drift scaled per probe."""
        scale = nn.softplus(self.param("scale", nn.initializers.constant(0.1), (self.sensors,)))
        return scale * jax.random.normal(self.make_rng("jitter"), trace.shape)


class JitterAugmenter:
    def __init__(self, model: SensorJitter, variables, key):
        self.perturb = functools.partial(model.apply, variables, rngs={"jitter": key})

    def augment(self, traces):
        n = traces.shape[0]

        def body(i, out):
            return out.at[i].set(self.perturb(traces[i]))

        offsets = jax.lax.fori_loop(0, n, body, jnp.zeros_like(traces))
        return traces + offsets, offsets


def wire(locator: ServiceLocator, sensors: int) -> None:
    locator.provide(SensorJitter, lambda _: SensorJitter(sensors))
    locator.provide(dict, lambda loc: loc.get(SensorJitter).init(
        {"params": jax.random.key(0), "jitter": jax.random.key(1)}, jnp.zeros(sensors)))
    locator.provide(JitterAugmenter, lambda loc: JitterAugmenter(
        loc.get(SensorJitter), loc.get(dict), jax.random.key(42)))


def main():
    locator = ServiceLocator()
    wire(locator, sensors=4)
    traces = jnp.linspace(2.0, 6.0, 8)[:, None] * jnp.ones((8, 4))
    _, offsets = locator.get(JitterAugmenter).augment(traces)
    return offsets  # per-step offsets, step on axis 0
