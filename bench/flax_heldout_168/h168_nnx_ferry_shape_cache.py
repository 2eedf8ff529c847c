# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches the route encoder through service -> fare engine and stores each encoding in the engine's shape-keyed cache, which later quotes read
"""Ferry ticketing service: prices each sailing of the day from an encoded route/occupancy
vector; the fare engine keeps the latest encoding per input shape as a fallback for quotes."""
import dataclasses
from typing import Dict, Tuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class RouteEncoder(nnx.Module):
    def __init__(self, features: int, width: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, width, rngs=rngs)
        self.norm = nnx.LayerNorm(width, rngs=rngs)

    def __call__(self, sailing):
        return self.norm(nnx.gelu(self.proj(sailing)))


class ShapeKeyedCache:
    def __init__(self):
        self._latest: Dict[Tuple, jax.Array] = {}

    @staticmethod
    def key(x) -> Tuple:
        return tuple(x.shape), str(x.dtype)

    def remember(self, x, encoding) -> None:
        self._latest[self.key(x)] = encoding

    def latest(self, x):
        return self._latest[self.key(x)]


@dataclasses.dataclass
class FareEngine:
    encoder: RouteEncoder
    cache: ShapeKeyedCache
    base_fare: float = 18.0

    def fare(self, encoding):
        return self.base_fare * (1.0 + 0.1 * jnp.tanh(encoding.sum()))


class TicketingService:
    def __init__(self, features: int = 6, width: int = 8):
        self.engine = FareEngine(RouteEncoder(features, width, rngs=nnx.Rngs(0)), ShapeKeyedCache())

    def price_day(self, sailings):
        def sailing(revenue, features):
            encoding = self.engine.encoder(features)
            self.engine.cache.remember(features, encoding)
            return revenue, self.engine.fare(encoding)

        _, fares = scan(sailing, 0.0, sailings)
        return fares

    def quote_fallback(self, features):
        return self.engine.fare(self.engine.cache.latest(features))


def main():
    service = TicketingService()
    sailings = jax.random.uniform(jax.random.key(4), (10, 6))
    fares = service.price_day(sailings)
    quote = service.quote_fallback(sailings[0])
    float(fares.mean() + quote)
    return None
