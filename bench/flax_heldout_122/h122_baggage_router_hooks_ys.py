# label: ok
# flax-error: none
# class: 4 the sown intermediates collection leaves the scan body as ys and reaches BaggageSimulator.hooks -> CongestionLogger.on_step after the loop
"""Airport baggage routing: score the diverter choices for each wave of bags and let hooks
collect the per-belt congestion the router sows."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DiverterRouter(nn.Module):
    belts: int = 5

    @nn.compact
    def __call__(self, bags):
        h = nn.relu(nn.Dense(32)(bags))
        congestion = nn.sigmoid(nn.Dense(self.belts)(h)).mean(axis=0)
        self.sow("intermediates", "congestion", congestion)
        return nn.Dense(self.belts)(h) - 2.0 * congestion


class CongestionLogger:
    def __init__(self):
        self.records = []

    def on_step(self, step, intermediates):
        self.records.append(intermediates["congestion"][0])

    def report(self):
        return jnp.stack(self.records).max(axis=0)


class BaggageSimulator:
    def __init__(self, model, variables, hooks):
        self.model = model
        self.variables = variables
        self.hooks = list(hooks)

    def _route_wave(self, bags):
        logits, state = self.model.apply(self.variables, bags, mutable=["intermediates"])
        return jnp.argmax(logits, axis=-1), state["intermediates"]

    def run_shift(self, waves):
        def body(step, bags):
            return step + 1, self._route_wave(bags)

        _, (routes, intermediates) = lax.scan(body, 0, waves)
        for step in range(waves.shape[0]):
            per_step = jax.tree.map(lambda a: a[step], intermediates)
            for hook in self.hooks:
                hook.on_step(step, per_step)
        return routes


def main():
    waves = jax.random.normal(jax.random.key(0), (10, 24, 7))  # waves x bags x tag features
    model = DiverterRouter()
    variables = {"params": model.init(jax.random.key(1), waves[0])["params"]}
    logger = CongestionLogger()
    sim = BaggageSimulator(model, variables, [logger])
    sim.run_shift(waves)
    peak = logger.report()
    jax.block_until_ready(peak)
    return None
