# label: ok
# flax-error: none
# class: 4 a StepContext is built after the scan from the carried batch_stats and the stacked losses, then passed to callbacks
"""Training loop with a callback system; callbacks run on the loop's outputs after the scan."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvNetLite(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


@dataclasses.dataclass
class StepContext:
    step: Any
    loss: Any
    batch_stats: Any


class Callback:
    def on_step_end(self, ctx: StepContext):
        pass


class BatchStatsTracker(Callback):
    def __init__(self):
        self.latest = None

    def on_step_end(self, ctx):
        self.latest = ctx.batch_stats


class LoopRunner:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def run(self, variables, batches):
        params = variables["params"]

        def body(carry, batch):
            step, batch_stats = carry
            out, updates = self.model.apply(
                {"params": params, "batch_stats": batch_stats}, batch, train=True, mutable=["batch_stats"]
            )
            return (step + 1, updates["batch_stats"]), jnp.mean(out**2)

        (steps, batch_stats), losses = jax.lax.scan(body, (0, variables["batch_stats"]), batches)
        ctx = StepContext(step=steps, loss=losses[-1], batch_stats=batch_stats)
        for cb in self.callbacks:
            cb.on_step_end(ctx)
        return losses


def main():
    model = ConvNetLite()
    batches = jnp.ones((4, 6, 3))
    variables = model.init(jax.random.key(0), batches[0])
    tracker = BatchStatsTracker()
    LoopRunner(model, [tracker]).run(variables, batches)
    eval_vars = {"params": variables["params"], "batch_stats": tracker.latest}
    model.apply(eval_vars, batches[0], train=False).block_until_ready()
    return None
