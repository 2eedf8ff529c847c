# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a StepContext is passed to callbacks inside the scan body; a BatchStatsTracker callback keeps ctx.batch_stats for later use
"""Training loop with a callback system; a tracker callback remembers the latest batch statistics."""
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
            ctx = StepContext(step=step, loss=jnp.mean(out**2), batch_stats=updates["batch_stats"])
            for cb in self.callbacks:
                cb.on_step_end(ctx)
            return (step + 1, updates["batch_stats"]), ctx.loss

        _, losses = jax.lax.scan(body, (0, variables["batch_stats"]), batches)
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
