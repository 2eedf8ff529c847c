# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the spread model kept as an attribute of a SpreadRequestHandler runs in the scan body, and the handler's own results list collects each predicted fire front from inside the body
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
            self._fronts.append(front)
            return front, None

        final, _ = jax.lax.scan(hour, ignition, winds)
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
