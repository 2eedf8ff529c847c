# label: ok
# flax-error: none
# class: 4 the scan body of IntersectionRunner.plan applies self.ctx.model with self.ctx.variables; the mutated "phase" collections leave as the scan's ys and commit() hands on the last one
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
            return None, (green, mutated["phase"])

        _, (greens, phases) = lax.scan(step, None, queues)
        self.ctx.history.append(jax.tree.map(lambda leaf: leaf[-1], phases))
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
