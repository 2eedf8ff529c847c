# label: ok
# flax-error: none
# class: 4 a MeteredField descriptor on the GeocodingService reads and writes the UsageCount Variable of its nnx UsageMeter; the while_loop carries the count and self.served is written once after the loop
"""Geocoding service with per-tenant usage metering.

The service object exposes its counters through a descriptor so handlers write
`self.served += n` as if it were a plain attribute; the descriptor stores the value in a
Variable subclass on an nnx UsageMeter, which is checkpointed with the model state for billing.
Batched geocoding drains the address queue with a while_loop that carries the served count.
"""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import while_loop


class UsageCount(nnx.Variable):
    pass


class UsageMeter(nnx.Module):
    def __init__(self):
        self.served = UsageCount(jnp.zeros((), jnp.int32))
        self.rejected = UsageCount(jnp.zeros((), jnp.int32))


class MeteredField:
    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        return getattr(obj.meter, self.name)[...]

    def __set__(self, obj, value):
        getattr(obj.meter, self.name)[...] = value


class AddressEncoder(nnx.Module):
    def __init__(self, d_in, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(d_in, 2, rngs=rngs)

    def __call__(self, tokens):
        return jnp.tanh(self.lin(tokens)) * jnp.array([90.0, 180.0])


class GeocodingService:
    served = MeteredField()
    rejected = MeteredField()

    def __init__(self, encoder, meter):
        self.encoder = encoder
        self.meter = meter

    def geocode_queue(self, batches):
        coords = jnp.zeros(batches.shape[:2] + (2,))

        def more(state):
            return state[0] < batches.shape[0]

        def handle(state):
            i, coords, served = state
            latlon = self.encoder(batches[i])
            return i + 1, coords.at[i].set(latlon), served + batches.shape[1]

        _, coords, served = while_loop(more, handle, (0, coords, self.served))
        self.served = served
        return coords


def main():
    batches = jax.random.normal(jax.random.key(0), (3, 4, 16))
    service = GeocodingService(AddressEncoder(16, rngs=nnx.Rngs(0)), UsageMeter())
    service.geocode_queue(batches).block_until_ready()
    return None
