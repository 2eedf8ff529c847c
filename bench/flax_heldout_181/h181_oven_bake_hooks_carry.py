# label: ok
# flax-error: none
# class: 4 BakeScheduler.hooks holds bound methods; batch_stats ride in the while_loop state and the scheduler writes them back after the loop
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

        params = {"params": self.variables["params"]}

        def body(state):
            step, loss, stats = state
            score, updates = self.model.apply(
                {**params, "batch_stats": stats}, batches[step], mutable=["batch_stats"])
            for hook in self.hooks:
                hook(step, updates)
            return step + 1, loss + jnp.mean(score**2), updates["batch_stats"]

        init = (0, jnp.zeros(()), self.variables["batch_stats"])
        _, total, stats = lax.while_loop(cond, body, init)
        self.variables = {**self.variables, "batch_stats": stats}
        return total / n_steps

    def score(self, zones):
        return self.model.apply(self.variables, zones, train=False)


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
    scheduler.hooks = [log.on_step]
    warm_loss = scheduler.warm_up(batches, n_steps=6)
    scores = scheduler.score(batches[-1])
    print("warm-up loss", float(warm_loss), "scores", scores.tolist())
    return None
