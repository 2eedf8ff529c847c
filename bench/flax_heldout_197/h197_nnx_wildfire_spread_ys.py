# label: ok
# flax-error: none
# class: 3 the spread model kept as an attribute of a SpreadRequestHandler runs in the scan body; the fire fronts leave the loop as scan outputs and the handler's results list is filled after it
"""Wildfire spread forecasting service: an asyncio request handler rolls the fire front forward
hour by hour under the forecast winds and accumulates the fronts for the response."""
import asyncio

import jax
import jax.numpy as jnp
from flax import nnx


class SpreadModel(nnx.Module):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.fuel = nnx.Linear(cells, cells, rngs=rngs)
        self.wind = nnx.Linear(2, cells, rngs=rngs)

    def __call__(self, front, wind):
        return jax.nn.sigmoid(4.0 * front + self.fuel(front) + self.wind(wind) - 2.0)


class SpreadRequestHandler:
    def __init__(self, model: SpreadModel):
        self.model = model
        self._fronts = []

    async def handle(self, ignition, winds):
        def hour(front, wind):
            front = self.model(front, wind)
            return front, front

        final, fronts = jax.lax.scan(hour, ignition, winds)
        self._fronts.extend(fronts)
        await asyncio.sleep(0)
        return final

    async def respond(self):
        fronts, self._fronts = self._fronts, []
        burned = jnp.stack(fronts).max(axis=0)
        return {"burned_area": burned.sum(), "hours": len(fronts)}


async def serve(handler, ignition, winds):
    await handler.handle(ignition, winds)
    return await handler.respond()


def main():
    model = SpreadModel(cells=16, rngs=nnx.Rngs(0))
    ignition = jnp.zeros((16,)).at[7].set(1.0)
    winds = jax.random.normal(jax.random.key(1), (6, 2))
    response = asyncio.run(serve(SpreadRequestHandler(model), ignition, winds))
    jax.block_until_ready(response["burned_area"])
    return None
