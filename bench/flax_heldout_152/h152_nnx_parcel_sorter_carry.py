# label: ok
# flax-error: none
# class: 4 the scan body merges the router from the carried state and returns its state; SortingService.pool gets a router merged from the final carry after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class ChuteRouter(nnx.Module):
    def __init__(self, features: int, chutes: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, momentum=0.9, rngs=rngs)
        self.route = nnx.Linear(24, chutes, rngs=rngs)

    def __call__(self, parcels, use_running_average=None):
        h = self.norm(self.embed(parcels), use_running_average=use_running_average)
        return self.route(nnx.relu(h))


class SessionPool:
    def __init__(self):
        self._idle = []

    def checkin(self, session):
        self._idle.append(session)

    def checkout(self):
        return self._idle.pop()


class SortingService:
    def __init__(self, router):
        self.graphdef, self.state = nnx.split(router)
        self.pool = SessionPool()

    def warm_up(self, waves):
        def body(state, wave):
            router = nnx.merge(self.graphdef, state)
            chutes = jnp.argmax(router(wave), axis=-1)
            return nnx.state(router), chutes

        self.state, assignments = jax.lax.scan(body, self.state, waves)
        self.pool.checkin(nnx.merge(self.graphdef, self.state))
        return assignments

    def serve(self, parcels):
        router = self.pool.checkout()
        return jnp.argmax(router(parcels, use_running_average=True), axis=-1)


def main():
    service = SortingService(ChuteRouter(features=9, chutes=6, rngs=nnx.Rngs(0)))
    waves = jax.random.normal(jax.random.key(7), (5, 16, 9))  # wave, parcel, (weight, dims, zone, ...)
    service.warm_up(waves)
    service.serve(waves[-1])
    return None
