# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BakeScheduler.hooks holds bound methods; the StatsSync.on_step hook writes the batch_stats updates from the while_loop body back onto the scheduler's variables
"""Industrial bakery: learn an oven temperature profile score while batches come in.

The scheduler runs a fixed number of warm-up steps in a while_loop and notifies a
list of hooks after every step (statistics sync, throughput logging).
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class OvenProfileNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, zones, train: bool = True):
        h = nn.Dense(self.hidden)(zones)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


class BakeScheduler:
    def __init__(self, model: OvenProfileNet, variables):
        self.model = model
        self.variables = variables
        self.hooks = []

    def warm_up(self, batches, n_steps: int):
        def cond(state):
            return state[0] < n_steps

        def body(state):
            step, loss = state
            score, updates = self.model.apply(self.variables, batches[step], mutable=["batch_stats"])
            for hook in self.hooks:
                hook(step, updates)
            return step + 1, loss + jnp.mean(score**2)

        _, total = lax.while_loop(cond, body, (0, jnp.zeros(())))
        return total / n_steps

    def score(self, zones):
        return self.model.apply(self.variables, zones, train=False)


class StatsSync:
    def __init__(self, scheduler: BakeScheduler):
        self.scheduler = scheduler

    def on_step(self, step, updates):
        self.scheduler.variables = {**self.scheduler.variables, **updates}


class ThroughputLog:
    def __init__(self):
        self.calls = 0

    def on_step(self, step, updates):
        self.calls += 1


def main():
    batches = jax.random.normal(jax.random.key(0), (6, 4, 5)) * 20.0 + 220.0
    model = OvenProfileNet()
    variables = model.init(jax.random.key(1), batches[0], train=False)
    scheduler = BakeScheduler(model, variables)
    log = ThroughputLog()
    scheduler.hooks = [StatsSync(scheduler).on_step, log.on_step]
    warm_loss = scheduler.warm_up(batches, n_steps=6)
    scores = scheduler.score(batches[-1])
    print("warm-up loss", float(warm_loss), "scores", scores.tolist())
    return None
