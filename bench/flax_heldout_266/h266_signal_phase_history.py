# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body of IntersectionRunner.plan applies self.ctx.model with self.ctx.variables and appends the mutated "phase" collection to self.ctx.history, which commit() hands on
"""Adaptive signal control: plan green splits for a junction from observed queue lengths."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class PhaseController(nn.Module):
    num_phases: int = 4

    @nn.compact
    def __call__(self, queue, adapt: bool = True):
        offset = self.variable("phase", "offset", jnp.zeros, (self.num_phases,))
        green = nn.softmax(nn.Dense(self.num_phases)(queue) + offset.value)
        if adapt:
            offset.value = 0.9 * offset.value + 0.1 * green
        return green


@dataclass
class RolloutContext:
    model: PhaseController
    variables: dict
    history: list = field(default_factory=list)


class IntersectionRunner:
    def __init__(self, ctx: RolloutContext):
        self.ctx = ctx

    def plan(self, queues):
        def step(_, queue):
            green, mutated = self.ctx.model.apply(self.ctx.variables, queue, mutable=["phase"])
            self.ctx.history.append(mutated["phase"])
            return None, green

        _, greens = lax.scan(step, None, queues)
        return greens

    def commit(self):
        self.ctx.variables = {**self.ctx.variables, "phase": self.ctx.history[-1]}

    def current_split(self, queue):
        return self.ctx.model.apply(self.ctx.variables, queue, adapt=False)


def observed_queues(cycles=5, approaches=3):
    return jnp.linspace(0.0, 4.0, cycles * approaches).reshape(cycles, approaches)


def main():
    queues = observed_queues()
    model = PhaseController()
    variables = model.init(jax.random.key(0), queues[0])
    runner = IntersectionRunner(RolloutContext(model, variables))
    greens = runner.plan(queues)
    runner.commit()
    split = runner.current_split(queues[-1])
    jax.block_until_ready((greens, split))
