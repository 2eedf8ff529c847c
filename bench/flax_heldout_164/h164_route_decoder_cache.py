# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 RoutingService -> StopDecoderAdapter -> decoder.bind(variables) whose 'cache' collection advances each call, in the fori_loop body
"""Last-mile logistics: a learned decoder proposes the next delivery stop one at a time.

The routing service keeps an adapter around the decoder so dispatch code can ask for the
"next stop"; a route of fixed length is decoded with jax.lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class StopDecoder(nn.Module):
    n_stops: int = 10
    hidden: int = 16

    @nn.compact
    def __call__(self, last_stop):
        position = self.variable("cache", "position", lambda: jnp.zeros((), jnp.int32))
        state = self.variable("cache", "state", jnp.zeros, (self.hidden,))
        embedded = nn.Embed(self.n_stops, self.hidden)(last_stop)
        state.value = jnp.tanh(nn.Dense(self.hidden)(state.value) + embedded)
        position.value = position.value + 1
        return nn.Dense(self.n_stops)(state.value)


class StopDecoderAdapter:
    def __init__(self, decoder: StopDecoder, variables):
        self._decoder = decoder.bind(variables)

    def next_stop(self, last_stop, visited):
        logits = self._decoder(last_stop)
        return jnp.argmax(jnp.where(visited, -jnp.inf, logits))


class RoutingService:
    def __init__(self, adapters):
        self.adapters = adapters

    def route(self, depot: str, n_drops: int):
        adapter = self.adapters[depot]

        def drop(i, carry):
            last, visited, route = carry
            stop = adapter.next_stop(last, visited)
            return stop, visited.at[stop].set(True), route.at[i].set(stop)

        visited = jnp.zeros((10,), bool).at[0].set(True)
        init = (jnp.zeros((), jnp.int32), visited, jnp.zeros((n_drops,), jnp.int32))
        _, _, route = lax.fori_loop(0, n_drops, drop, init)
        return route


def main():
    decoder = StopDecoder()
    variables = decoder.init(jax.random.key(0), jnp.zeros((), jnp.int32))
    service = RoutingService({"north-hub": StopDecoderAdapter(decoder, variables)})
    route = service.route("north-hub", n_drops=6)
    print("route", route)
    return None
