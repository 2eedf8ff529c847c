# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the CoolingBlock params reach the scan body through an nn.remat wrapper produced by a block factory held on MouldCoolingModel
"""Bell foundry: a mould cooling model steps the temperature field of a bell casting.

Cooling blocks are wrapped in nn.remat by a configurable factory to keep activation memory low
on long pours; the first block call happens outside the loop to create the parameters.
"""
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CoolingBlock(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, temp, alloy):
        h = nn.gelu(nn.Dense(self.hidden)(jnp.concatenate([temp, alloy])))
        return temp - 0.1 * nn.softplus(nn.Dense(temp.shape[-1])(h))


def checkpointed(block_cls):
    return nn.remat(block_cls)


class MouldCoolingModel(nn.Module):
    block_factory: Callable = checkpointed

    @nn.compact
    def __call__(self, temp0, alloy_schedule):
        block = self.block_factory(CoolingBlock)(name="cool")
        block(temp0, alloy_schedule[0])

        def pour_step(temp, alloy):
            temp = block(temp, alloy)
            return temp, temp.mean()

        final, mean_temp = scan(pour_step, temp0, alloy_schedule)
        return final, mean_temp


class PourSimulator:
    def __init__(self, model):
        self.model = model
        self.variables = None

    def prepare(self, key, temp0, alloy_schedule):
        self.variables = self.model.init(key, temp0, alloy_schedule)

    def simulate(self, temp0, alloy_schedule):
        return self.model.apply(self.variables, temp0, alloy_schedule)


def main():
    temp0 = jnp.full((6,), 1100.0) / 1000.0
    alloy = jax.random.uniform(jax.random.key(0), (8, 2))
    sim = PourSimulator(MouldCoolingModel())
    sim.prepare(jax.random.key(1), temp0, alloy)
    final, mean_temp = sim.simulate(temp0, alloy)
    mean_temp.block_until_ready()
    return None
